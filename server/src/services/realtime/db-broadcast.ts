import { topicKey, type Hub } from './hub.ts';
import { EncodedBroadcast } from './protocol.ts';

interface MessageNotice {
  id: string;
  topic?: string;
  event?: string | null;
  private?: boolean | null;
  payload?: unknown;
  /** Set when the row was too big for a NOTIFY payload: read it from realtime.messages. */
  big?: boolean;
}

/**
 * Broadcast from the database: `realtime.send` / `realtime.broadcast_changes` insert into
 * `realtime.messages`; its trigger NOTIFYs after commit (never on rollback) and the message
 * goes to the topic's readers with `meta.id`, as upstream's replication_connection.ex does.
 */
export async function listenForDbMessages(hub: Hub): Promise<() => Promise<void>> {
  return hub.db.listen('realtime:messages', (raw) => {
    let notice: MessageNotice;
    try {
      notice = JSON.parse(raw) as MessageNotice;
    } catch {
      return;
    }
    if (notice.big) void fetchAndDeliver(hub, notice.id);
    else {
      try {
        deliver(hub, notice);
      } catch (error: unknown) {
        hub.log.error('realtime: delivering a database broadcast', error);
      }
    }
  });
}

function deliver(hub: Hub, notice: MessageNotice): void {
  if (typeof notice.topic !== 'string' || typeof notice.event !== 'string') return;
  const message = new EncodedBroadcast({
    topic: `realtime:${notice.topic}`,
    event: notice.event,
    payload: notice.payload ?? null,
    binary: null,
    meta: { id: notice.id },
  });
  hub.deliver(topicKey(notice.topic, notice.private !== false), message);
}

async function fetchAndDeliver(hub: Hub, id: string): Promise<void> {
  try {
    const row = await hub.db.transaction({ kind: 'system' }, async (tx) => {
      const { rows } = await tx.query<MessageNotice>(
        `select id::text, topic, event, private, payload from realtime.messages where id = $1::uuid`,
        [id],
      );
      return rows[0];
    });
    if (row) deliver(hub, row);
  } catch (error: unknown) {
    hub.log.error('realtime: reading a database broadcast', error);
  }
}
