import type { ChangeSubscription } from './change-subscription.ts';
import { trimOld, type TableInfo } from './table-catalog.ts';

type Obj = Record<string, unknown>;

/** One row change as the capture trigger reports it. */
export interface CapturedChange {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  commit_timestamp: string;
  record: Obj | null;
  old_record: Obj | null;
}

export interface Verdict {
  sub: ChangeSubscription;
  /** The `data` object's JSON for this subscriber. */
  data: string;
}

const cache = new WeakMap<CapturedChange, Map<string, string>>();

/**
 * The `data` of a postgres_changes message (upstream `apply_rls` output →
 * `adapters/changes.ex`): columns and values the role may select (and, with `select`, only
 * those plus the key), `record` for INSERT/UPDATE, `old_record` for UPDATE/DELETE.
 */
export function buildChangeData(
  change: CapturedChange,
  info: TableInfo,
  selectable: Set<string>,
  select: string[] | null,
  errors: string[] | null,
): string {
  const key = `${[...selectable].join(',')}\u0000${select?.join(',') ?? ''}\u0000${errors?.join(',') ?? ''}`;
  let perChange = cache.get(change);
  if (!perChange) cache.set(change, (perChange = new Map()));
  const hit = perChange.get(key);
  if (hit) return hit;
  const visible = (name: string) => selectable.has(name) && (!select || select.includes(name) || info.pkey.includes(name));
  const pick = (row: Obj | null) => Object.fromEntries(Object.entries(row ?? {}).filter(([k]) => visible(k)));
  const data: Obj = {
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commit_timestamp,
    type: change.type,
    columns: errors ? [] : info.columns.filter((c) => visible(c.name)).map((c) => ({ name: c.name, type: c.typname })),
  };
  if (change.type !== 'DELETE') data.record = errors ? {} : pick(change.record);
  if (change.type !== 'INSERT') data.old_record = errors ? {} : pick(trimOld(info, change.old_record));
  data.errors = errors;
  const json = JSON.stringify(data);
  perChange.set(key, json);
  return json;
}

/** Sends each change, in commit order, once per channel with the ids of its matching subscriptions. */
export function deliverChanges(changes: CapturedChange[], verdicts: Verdict[][]): void {
  changes.forEach((_change, index) => {
    const byChannel = new Map<ChangeSubscription['channel'], { ids: number[]; data: string }>();
    for (const v of verdicts[index] ?? []) {
      const entry = byChannel.get(v.sub.channel);
      if (entry) {
        if (!entry.ids.includes(v.sub.id)) entry.ids.push(v.sub.id);
      } else byChannel.set(v.sub.channel, { ids: [v.sub.id], data: v.data });
    }
    // Channels on the same topic with the same ids share one encoded frame.
    const frames = new Map<string, Buffer>();
    for (const [channel, { ids, data }] of byChannel) {
      const key = `${channel.socket.vsn}\u0000${channel.topic}\u0000${ids.join(',')}\u0000${data}`;
      let frame = frames.get(key);
      if (!frame) {
        const payload = `{"ids":${JSON.stringify(ids)},"data":${data}}`;
        const topic = JSON.stringify(channel.topic);
        frame = Buffer.from(
          channel.socket.vsn === '2.0.0'
            ? `[null,null,${topic},"postgres_changes",${payload}]`
            : `{"topic":${topic},"event":"postgres_changes","payload":${payload},"ref":null}`,
        );
        frames.set(key, frame);
      }
      channel.socket.send(frame, false);
    }
  });
}
