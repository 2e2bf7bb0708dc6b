import type { Channel } from './channel.ts';
import type { ChangeParams } from './filters.ts';

export interface ChangeSubscription {
  id: number;
  params: ChangeParams;
  channel: Channel;
}

export interface ChangeEngine {
  /** Registers subscriptions; resolves to an error message for the `system` push, or null. */
  subscribe(subs: ChangeSubscription[]): Promise<string | null>;
  unsubscribe(subs: ChangeSubscription[]): void;
  start(): Promise<void>;
  close(): Promise<void>;
}
