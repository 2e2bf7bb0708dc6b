import type { PresenceDiff, PresenceMetas } from './fanout.ts';

type Meta = Record<string, unknown> & { phx_ref: string };

/** Who receives presence diffs for a topic on this process. */
export type AudienceOf = (topicKey: string) => Iterable<{ canReadPresence(): boolean; pushEvent(event: string, payload: unknown): void }>;

/**
 * The presences tracked on the other server processes, per process and topic, learnt from
 * their diffs and state messages (the fan-out), so a join here sees every member, and each
 * remote diff reaches this process's members. A process that says goodbye or stops sending
 * its heartbeat has all its members leave, as a Phoenix.Tracker node going down.
 */
export class RemotePresence {
  readonly #byOrigin = new Map<string, { seen: number; topics: Map<string, Map<string, { key: string; meta: Meta }>> }>();

  /** Adds every remote member of `topicKey` to `out`. */
  addState(topicKey: string, out: PresenceMetas): void {
    for (const { topics } of this.#byOrigin.values())
      for (const { key, meta } of topics.get(topicKey)?.values() ?? []) (out[key] ??= { metas: [] }).metas.push(meta);
  }

  /** Marks `origin` alive now. */
  seen(origin: string, now = Date.now()): void {
    this.#entry(origin).seen = now;
  }

  applyDiff(origin: string, topicKey: string, diff: PresenceDiff, audienceOf: AudienceOf): void {
    const entry = this.#entry(origin);
    let members = entry.topics.get(topicKey);
    if (!members) entry.topics.set(topicKey, (members = new Map()));
    for (const { metas } of Object.values(diff.leaves)) for (const meta of metas) members.delete(meta.phx_ref);
    for (const [key, { metas }] of Object.entries(diff.joins)) for (const meta of metas) members.set(meta.phx_ref, { key, meta });
    if (members.size === 0) entry.topics.delete(topicKey);
    send(audienceOf(topicKey), diff);
  }

  /** A process's whole state (its answer to a hello): members new to us join, vanished ones leave. */
  replace(origin: string, topics: Record<string, PresenceMetas>, audienceOf: AudienceOf): void {
    const entry = this.#entry(origin);
    const keys = new Set([...entry.topics.keys(), ...Object.keys(topics)]);
    for (const topicKey of keys) {
      const before = entry.topics.get(topicKey) ?? new Map<string, { key: string; meta: Meta }>();
      const after = new Map<string, { key: string; meta: Meta }>();
      for (const [key, { metas }] of Object.entries(topics[topicKey] ?? {}))
        for (const meta of metas) after.set(meta.phx_ref, { key, meta });
      const diff: PresenceDiff = { joins: {}, leaves: {} };
      for (const [ref, m] of after) if (!before.has(ref)) (diff.joins[m.key] ??= { metas: [] }).metas.push(m.meta);
      for (const [ref, m] of before) if (!after.has(ref)) (diff.leaves[m.key] ??= { metas: [] }).metas.push(m.meta);
      if (after.size) entry.topics.set(topicKey, after);
      else entry.topics.delete(topicKey);
      if (Object.keys(diff.joins).length || Object.keys(diff.leaves).length) send(audienceOf(topicKey), diff);
    }
  }

  /** Every member of `origin` leaves. */
  drop(origin: string, audienceOf: AudienceOf): void {
    const entry = this.#byOrigin.get(origin);
    if (!entry) return;
    this.#byOrigin.delete(origin);
    for (const [topicKey, members] of entry.topics) {
      const leaves: PresenceMetas = {};
      for (const { key, meta } of members.values()) (leaves[key] ??= { metas: [] }).metas.push(meta);
      send(audienceOf(topicKey), { joins: {}, leaves });
    }
  }

  /** Origins not heard from since `deadline`. */
  silentSince(deadline: number): string[] {
    return [...this.#byOrigin].filter(([, e]) => e.seen < deadline).map(([origin]) => origin);
  }

  #entry(origin: string): { seen: number; topics: Map<string, Map<string, { key: string; meta: Meta }>> } {
    let entry = this.#byOrigin.get(origin);
    if (!entry) this.#byOrigin.set(origin, (entry = { seen: Date.now(), topics: new Map() }));
    return entry;
  }
}

function send(audience: ReturnType<AudienceOf>, diff: PresenceDiff): void {
  for (const member of audience) if (member.canReadPresence()) member.pushEvent('presence_diff', diff);
}
