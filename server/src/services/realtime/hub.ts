import type { Database } from '../../db/types.ts';
import type { Keys } from '../../lib/keys.ts';
import type { Logger } from '../../lib/log.ts';
import type { Counter } from '../../lib/metrics.ts';
import { Fanout, type FanoutMessage } from './fanout.ts';
import { PresenceRegistry, type PresenceMember } from './presence.ts';
import type { EncodedBroadcast } from './protocol.ts';
import { RemotePresence } from './remote-presence.ts';

export interface RealtimeSettings {
  /** A socket that sends nothing (not even a heartbeat) for this long is dropped. */
  heartbeatTimeoutMs: number;
  /** Largest broadcast/presence payload accepted, in bytes (JSON). */
  maxPayloadBytes: number;
  /** A socket whose unsent output exceeds this is too slow and is disconnected. */
  maxBufferedBytes: number;
  maxChannelsPerClient: number;
  maxConnections: number;
}

function envNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  const n = raw === undefined || raw === '' ? NaN : Number(raw);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** Settings from the environment; defaults follow hosted Realtime's free tier. */
export function readSettings(env: NodeJS.ProcessEnv): RealtimeSettings {
  return {
    heartbeatTimeoutMs: envNumber(env, 'REALTIME_HEARTBEAT_TIMEOUT_MS', 60_000),
    maxPayloadBytes: envNumber(env, 'REALTIME_MAX_PAYLOAD_BYTES', 256 * 1024),
    maxBufferedBytes: envNumber(env, 'REALTIME_MAX_BUFFERED_BYTES', 16 * 1024 * 1024),
    maxChannelsPerClient: envNumber(env, 'REALTIME_MAX_CHANNELS_PER_CLIENT', 100),
    maxConnections: envNumber(env, 'REALTIME_MAX_CONNECTIONS', 10_000),
  };
}

/** What the hub needs to know of a joined channel to route messages to it. */
export interface Subscriber {
  readonly topicKey: string;
  readonly private: boolean;
  /** False for a private channel whose policies deny reading broadcasts. */
  canReadBroadcast(): boolean;
  /** Writes the broadcast to the socket, uncounted; false when nothing was written. */
  sendEncoded(message: EncodedBroadcast): boolean;
}

export function topicKey(name: string, isPrivate: boolean): string {
  return `${isPrivate ? 'private' : 'public'}:${name}`;
}

/** Shared state of the service: who listens on which topic, presence, and the dependencies. */
export class Hub {
  readonly db: Database;
  readonly keys: Keys;
  readonly log: Logger;
  readonly settings: RealtimeSettings;
  /** Socket messages in from clients and out to them (metrics). */
  readonly messages: Counter | null;
  readonly presence: PresenceRegistry;
  /** Set when several server processes share the database (PostgreSQL): see cross-process.ts. */
  readonly fanout: Fanout | null = null;
  readonly remotePresence: RemotePresence | null = null;
  /** What to do with a message from another process (set by cross-process.ts when it starts). */
  fromOtherProcess: ((origin: string, message: FanoutMessage) => void) | null = null;
  readonly #topics = new Map<string, Set<Subscriber>>();

  constructor(deps: { db: Database; keys: Keys; log: Logger; settings: RealtimeSettings; messages?: Counter; shared?: boolean }) {
    if (deps.shared) {
      const fanout = new Fanout(deps.db, deps.log, (origin, message) => this.fromOtherProcess?.(origin, message));
      this.fanout = fanout;
      this.remotePresence = new RemotePresence();
      this.presence = new PresenceRegistry({
        remote: this.remotePresence,
        onDiff: (key, diff) => fanout.publish({ kind: 'presence_diff', key, diff }),
      });
    } else this.presence = new PresenceRegistry();
    this.messages = deps.messages ?? null;
    this.db = deps.db;
    this.keys = deps.keys;
    this.log = deps.log;
    this.settings = deps.settings;
  }

  subscribe(subscriber: Subscriber): void {
    let set = this.#topics.get(subscriber.topicKey);
    if (!set) this.#topics.set(subscriber.topicKey, (set = new Set()));
    set.add(subscriber);
  }

  unsubscribe(subscriber: Subscriber): void {
    const set = this.#topics.get(subscriber.topicKey);
    if (!set) return;
    set.delete(subscriber);
    if (set.size === 0) this.#topics.delete(subscriber.topicKey);
  }

  members(key: string): Iterable<Subscriber> {
    return this.#topics.get(key) ?? [];
  }

  /** The members of a topic that take presence events. */
  presenceAudience(key: string): Iterable<PresenceMember> {
    return this.members(key) as Iterable<Subscriber & PresenceMember>;
  }

  /**
   * Fans a broadcast out to a topic's readers (all but `except`), here and on the other
   * server processes; returns how many got it here.
   */
  broadcast(key: string, message: EncodedBroadcast, except: Subscriber | null = null): number {
    if (this.fanout) {
      const m = message.message;
      const binary = m.binary ? m.binary.toString('base64') : null;
      this.fanout.publish({ kind: 'broadcast', key, topic: m.topic, event: m.event, payload: m.payload, binary, meta: m.meta });
    }
    return this.deliver(key, message, except);
  }

  /** A broadcast to this process's readers only (one every process receives by itself, or from another process). */
  deliver(key: string, message: EncodedBroadcast, except: Subscriber | null = null): number {
    let sent = 0;
    for (const subscriber of this.#topics.get(key) ?? []) {
      if (subscriber === except || !subscriber.canReadBroadcast()) continue;
      if (subscriber.sendEncoded(message)) sent++;
    }
    if (sent) this.messages?.inc({ direction: 'out' }, sent);
    return sent;
  }
}
