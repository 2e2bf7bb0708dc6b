import { randomBytes } from 'node:crypto';
import type { RemotePresence } from './remote-presence.ts';

/** Anything that can receive presence events for a topic. */
export interface PresenceMember {
  readonly presenceKey: string;
  pushEvent(event: string, payload: unknown): void;
  canReadPresence(): boolean;
}

type Meta = Record<string, unknown> & { phx_ref: string };
type Metas = Record<string, { metas: Meta[] }>;

/** A phoenix_pubsub-style unique ref (`Phoenix.Tracker` uses a base64 of a unique term). */
function newRef(): string {
  return randomBytes(9).toString('base64url');
}

/**
 * Phoenix.Presence for one node: per topic, each tracking channel contributes one meta under
 * its presence key; changes go out as `presence_diff` `{joins, leaves}` to every member of
 * the topic allowed to read presence (upstream `presence_handler.ex`, phoenix `presence.ex`).
 */
export class PresenceRegistry {
  readonly #topics = new Map<string, Map<PresenceMember, Meta>>();
  /** The other server processes' members and where this process's diffs go (decision 160); none when embedded. */
  readonly #remote: RemotePresence | null;
  readonly #onDiff: ((topicKey: string, diff: { joins: Metas; leaves: Metas }) => void) | null;

  constructor(shared?: { remote: RemotePresence; onDiff: (topicKey: string, diff: { joins: Metas; leaves: Metas }) => void }) {
    this.#remote = shared?.remote ?? null;
    this.#onDiff = shared?.onDiff ?? null;
  }

  /** `presence_state` payload: every key's metas, on this process and the others. */
  state(topicKey: string): Metas {
    const out = this.localState(topicKey);
    this.#remote?.addState(topicKey, out);
    return out;
  }

  /** The members tracked on this process only. */
  localState(topicKey: string): Metas {
    const out: Metas = {};
    for (const [member, meta] of this.#topics.get(topicKey) ?? []) (out[member.presenceKey] ??= { metas: [] }).metas.push(meta);
    return out;
  }

  /** Topics with members on this process. */
  localTopics(): string[] {
    return [...this.#topics.keys()];
  }

  /** Tracks (or updates) a member; returns false when the payload did not change. */
  track(topicKey: string, member: PresenceMember, payload: Record<string, unknown>, audience: Iterable<PresenceMember>): boolean {
    let members = this.#topics.get(topicKey);
    if (!members) this.#topics.set(topicKey, (members = new Map()));
    const previous = members.get(member);
    if (previous && sameMeta(previous, payload)) return false;
    const meta: Meta = { ...payload, phx_ref: newRef(), ...(previous ? { phx_ref_prev: previous.phx_ref } : {}) };
    members.set(member, meta);
    const leaves: Metas = previous ? { [member.presenceKey]: { metas: [previous] } } : {};
    const diff = { joins: { [member.presenceKey]: { metas: [meta] } }, leaves };
    sendDiff(audience, diff);
    this.#onDiff?.(topicKey, diff);
    return true;
  }

  untrack(topicKey: string, member: PresenceMember, audience: Iterable<PresenceMember>): void {
    const members = this.#topics.get(topicKey);
    const previous = members?.get(member);
    if (!members || !previous) return;
    members.delete(member);
    if (members.size === 0) this.#topics.delete(topicKey);
    const diff = { joins: {}, leaves: { [member.presenceKey]: { metas: [previous] } } };
    sendDiff(audience, diff);
    this.#onDiff?.(topicKey, diff);
  }
}

function sameMeta(meta: Meta, payload: Record<string, unknown>): boolean {
  const { phx_ref: _ref, phx_ref_prev: _prev, ...rest } = meta;
  return JSON.stringify(rest) === JSON.stringify(payload);
}

function sendDiff(audience: Iterable<PresenceMember>, diff: { joins: Metas; leaves: Metas }): void {
  for (const member of audience) if (member.canReadPresence()) member.pushEvent('presence_diff', diff);
}
