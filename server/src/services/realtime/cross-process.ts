import type { FanoutMessage, PresenceMetas } from './fanout.ts';
import type { Hub } from './hub.ts';
import { EncodedBroadcast } from './protocol.ts';

/** How often a process says it is alive, and how long the others wait before its members leave. */
const heartbeatMs = 5_000;
const silenceMs = 15_000;

/** A message another server process published: delivered to this process's sockets. */
export function receiveFromOtherProcess(hub: Hub, origin: string, message: FanoutMessage): void {
  const remote = hub.remotePresence;
  remote?.seen(origin);
  const audienceOf = (key: string) => hub.presenceAudience(key);
  switch (message.kind) {
    case 'broadcast': {
      const binary = message.binary === null ? null : Buffer.from(message.binary, 'base64');
      const encoded = new EncodedBroadcast({
        topic: message.topic,
        event: message.event,
        payload: message.payload,
        binary,
        meta: message.meta,
      });
      hub.deliver(message.key, encoded);
      return;
    }
    case 'presence_diff':
      remote?.applyDiff(origin, message.key, message.diff, audienceOf);
      return;
    case 'presence_state':
      remote?.replace(origin, message.topics, audienceOf);
      return;
    case 'hello':
      // A process just started: it learns this one's members.
      hub.fanout?.publish(localPresence(hub));
      return;
    case 'bye':
      remote?.drop(origin, audienceOf);
      return;
    case 'alive':
      return;
  }
}

function localPresence(hub: Hub): FanoutMessage {
  const topics: Record<string, PresenceMetas> = {};
  for (const key of hub.presence.localTopics()) topics[key] = hub.presence.localState(key);
  return { kind: 'presence_state', topics };
}

/**
 * Starts the fan-out of a shared hub: listens, says hello (the others answer with their
 * presence), sends a heartbeat, and lets the members of a process that went silent leave.
 * Resolves with the stop function, which says goodbye.
 */
export async function startCrossProcess(hub: Hub): Promise<() => Promise<void>> {
  const fanout = hub.fanout;
  const remote = hub.remotePresence;
  if (!fanout || !remote) return () => Promise.resolve();
  hub.fromOtherProcess = (origin, message) => receiveFromOtherProcess(hub, origin, message);
  await fanout.start();
  fanout.publish({ kind: 'hello' });
  const timer = setInterval(() => {
    fanout.publish({ kind: 'alive' });
    for (const origin of remote.silentSince(Date.now() - silenceMs)) {
      hub.log.warn(`realtime: server process ${origin} went silent; its presences leave`);
      remote.drop(origin, (key) => hub.presenceAudience(key));
    }
  }, heartbeatMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    fanout.publish({ kind: 'bye' });
    await fanout.close();
  };
}
