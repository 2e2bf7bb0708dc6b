import type { Claims } from '../../lib/keys.ts';
import type { ChangeParams } from './filters.ts';
import type { Vsn } from './protocol.ts';

/** What the change engine needs from a joined channel: who it is, and where its frames go. */
export interface ChangeSubscriber {
  readonly topic: string;
  readonly role: string;
  readonly claims: Claims;
  /** Role and claims as one string: subscribers that share it share an RLS check. */
  readonly identityKey: string;
  readonly socket: { readonly vsn: Vsn; send(data: string | Buffer, binary?: boolean): void };
}

/** One `postgres_changes` entry of a channel's join (its `id` goes back in each message's `ids`). */
export interface ChangeSubscription {
  id: number;
  params: ChangeParams;
  channel: ChangeSubscriber;
}

export interface ChangeEngine {
  /** Registers subscriptions; resolves to an error message for the `system` push, or null. */
  subscribe(subs: ChangeSubscription[]): Promise<string | null>;
  unsubscribe(subs: ChangeSubscription[]): void;
  start(): Promise<void>;
  close(): Promise<void>;
}
