import type { RealtimeClient as Client, RealtimeChannel, RealtimeChannelOptions, RealtimeClientOptions } from '@supabase/realtime-js';
import { importAnew } from './lazy-component';

/**
 * supabase-js's realtime client, loaded after the page's first render instead of in its first
 * download (decision 425): web/vite.config.ts gives supabase-js this module for
 * `@supabase/realtime-js`. It has the methods supabase-js calls on its `realtime` (`channel`,
 * `getChannels`, `removeChannel`, `removeAllChannels`, `setAuth`); the real client (realtime-js
 * and Phoenix, 14 KB compressed) is created once its chunk has arrived, with the same options,
 * and every call made before is applied to it in order. A channel asked for meanwhile is a
 * stand-in with the channel methods the app uses, which it passes on to the real channel once
 * there. The chunk is fetched on the first call (a page without live parts never fetches it);
 * a failed download is fetched anew on the next call (decisions 279, 284). No socket is opened
 * before a channel subscribes, as with the real client.
 */
type Callback = (...args: never[]) => unknown;

const load = importAnew(() => import('./realtime-client'));

export class LazyRealtimeChannel {
  readonly topic: string;
  /** The real channel, once the client has made it. */
  readonly real: Promise<RealtimeChannel>;
  #channel: RealtimeChannel | null = null;

  constructor(topic: string, real: Promise<RealtimeChannel>) {
    this.topic = `realtime:${topic}`;
    this.real = real.then((channel) => (this.#channel = channel));
  }

  /** Calls `call` on the real channel now, or in order once it exists. */
  #apply(call: (channel: RealtimeChannel) => unknown): void {
    if (this.#channel) call(this.#channel);
    else void this.real.then(call);
  }

  on(type: string, filter: Record<string, unknown>, callback: Callback): this {
    this.#apply((channel) => (channel.on as (t: string, f: unknown, c: Callback) => unknown)(type, filter, callback));
    return this;
  }

  subscribe(callback?: (status: `${string}`, error?: Error) => void, timeout?: number): this {
    this.#apply((channel) => channel.subscribe(callback, timeout));
    return this;
  }

  presenceState(): ReturnType<RealtimeChannel['presenceState']> {
    return this.#channel?.presenceState() ?? {};
  }

  track(payload: Record<string, unknown>, options?: Record<string, unknown>): ReturnType<RealtimeChannel['track']> {
    return this.real.then((channel) => channel.track(payload, options));
  }

  untrack(options?: Record<string, unknown>): ReturnType<RealtimeChannel['untrack']> {
    return this.real.then((channel) => channel.untrack(options));
  }

  send(...args: Parameters<RealtimeChannel['send']>): ReturnType<RealtimeChannel['send']> {
    return this.real.then((channel) => channel.send(...args));
  }

  unsubscribe(timeout?: number): ReturnType<RealtimeChannel['unsubscribe']> {
    return this.real.then((channel) => channel.unsubscribe(timeout));
  }
}

export class RealtimeClient {
  readonly #endPoint: string;
  readonly #options: RealtimeClientOptions | undefined;
  #made: Promise<Client> | null = null;
  /** setAuth calls in order; a channel is made after those asked for before it. */
  #auth: Promise<unknown> = Promise.resolve();
  readonly #channels = new Set<LazyRealtimeChannel>();

  constructor(endPoint: string, options?: RealtimeClientOptions) {
    this.#endPoint = endPoint;
    this.#options = options;
  }

  /** The real client, made once its chunk has arrived; asked again after a failed download. */
  #client(): Promise<Client> {
    return (this.#made ??= load()
      .then((realtime) => new realtime.RealtimeClient(this.#endPoint, this.#options))
      .catch((error: unknown) => {
        this.#made = null;
        throw error;
      }));
  }

  channel(topic: string, params?: RealtimeChannelOptions): LazyRealtimeChannel {
    const ready = this.#auth.then(() => this.#client());
    const channel = new LazyRealtimeChannel(
      topic,
      ready.then((client) => client.channel(topic, params)),
    );
    this.#channels.add(channel);
    return channel;
  }

  getChannels(): LazyRealtimeChannel[] {
    return [...this.#channels];
  }

  setAuth(token?: string | null): Promise<void> {
    const applied = this.#auth.then(() => this.#client()).then((client) => client.setAuth(token));
    this.#auth = applied.catch(() => undefined);
    return applied;
  }

  async removeChannel(channel: LazyRealtimeChannel): ReturnType<Client['removeChannel']> {
    this.#channels.delete(channel);
    const client = await this.#client();
    return client.removeChannel(await channel.real);
  }

  async removeAllChannels(): ReturnType<Client['removeAllChannels']> {
    this.#channels.clear();
    return (await this.#client()).removeAllChannels();
  }
}
