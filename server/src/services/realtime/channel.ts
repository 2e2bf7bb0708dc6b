import { randomUUID } from 'node:crypto';
import type { Claims } from '../../lib/keys.ts';
import { verifyRealtimeToken, type VerifiedToken } from './auth.ts';
import { checkPolicies, replayMessages, type Policies } from './authorization.ts';
import type { ChangeEngine, ChangeSubscription } from './change-subscription.ts';
import { ChannelTokenError, joinReasons, systemMessages } from './errors.ts';
import { FilterParseError, parseChangeParams, subscriptionId } from './filters.ts';
import { topicKey, type Hub, type Subscriber } from './hub.ts';
import type { PresenceMember } from './presence.ts';
import { binaryOf, EncodedBroadcast as Encoded, type EncodedBroadcast, type Frame, type Vsn } from './protocol.ts';

/** What a channel needs from its socket. */
export interface ChannelSocket {
  readonly vsn: Vsn;
  readonly token: VerifiedToken;
  /** Text frames may come pre-encoded as bytes (`binary` false). */
  send(data: string | Buffer, binary?: boolean): void;
  /** As send, not counted in the metrics; false when nothing was written. */
  write(data: string | Buffer, binary: boolean): boolean;
  push(frame: Frame): void;
  closeChannel(channel: Channel): void;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

/**
 * One joined `realtime:<name>` topic on one socket (upstream `realtime_channel.ex`): join with
 * token check and private-topic policies, broadcast, presence, postgres_changes, access_token.
 */
export class Channel implements Subscriber, PresenceMember {
  readonly topic: string;
  readonly name: string;
  readonly joinRef: string | null;
  readonly socket: ChannelSocket;
  readonly #hub: Hub;
  readonly #changes: ChangeEngine;
  private = false;
  topicKey = '';
  presenceKey = '';
  #self = false;
  #ack = false;
  #presenceEnabled = false;
  #token: VerifiedToken;
  #policies: Policies | null = null;
  #tracked = false;
  #expiry: NodeJS.Timeout | null = null;
  #closed = false;
  changeSubscriptions: ChangeSubscription[] = [];

  constructor(hub: Hub, changes: ChangeEngine, socket: ChannelSocket, topic: string, joinRef: string | null) {
    this.#hub = hub;
    this.#changes = changes;
    this.socket = socket;
    this.topic = topic;
    this.name = topic.slice('realtime:'.length);
    this.joinRef = joinRef;
    this.#token = socket.token;
  }

  get role(): string {
    return this.#token.role;
  }
  get claims(): Claims {
    return this.#token.claims;
  }
  #identity: { token: VerifiedToken; key: string } | null = null;
  /** Role and claims as one string: subscribers that share it share an RLS check. */
  get identityKey(): string {
    if (this.#identity?.token !== this.#token)
      this.#identity = { token: this.#token, key: `${this.role}\u0000${JSON.stringify(this.claims)}` };
    return this.#identity.key;
  }

  canReadBroadcast(): boolean {
    return !this.private || (this.#policies?.broadcastRead ?? false);
  }
  canReadPresence(): boolean {
    return !this.private || (this.#policies?.presenceRead ?? false);
  }
  sendEncoded(message: EncodedBroadcast): boolean {
    const frame = message.for(this.socket.vsn);
    return frame ? this.socket.write(frame.data, frame.binary) : false;
  }
  pushEvent(event: string, payload: unknown): void {
    this.socket.push({ joinRef: null, ref: null, topic: this.topic, event, payload });
  }
  #reply(ref: string | null, status: 'ok' | 'error', response: unknown): void {
    this.socket.push({ joinRef: this.joinRef, ref, topic: this.topic, event: 'phx_reply', payload: { status, response } });
  }

  async #tokenFor(accessToken: unknown): Promise<VerifiedToken> {
    if (typeof accessToken !== 'string' || accessToken.startsWith('sb_')) return this.socket.token;
    return verifyRealtimeToken(this.#hub.keys, accessToken);
  }

  /** Handles `phx_join`; returns false when the join was refused. */
  async join(frame: Frame, channelCount: number): Promise<boolean> {
    const payload = obj(frame.payload);
    const config = obj(payload.config);
    this.private = config.private === true;
    this.topicKey = topicKey(this.name, this.private);
    this.#self = obj(config.broadcast).self === true;
    this.#ack = obj(config.broadcast).ack === true;
    const presence = obj(config.presence);
    this.#presenceEnabled = presence.enabled === true;
    this.presenceKey = typeof presence.key === 'string' && presence.key !== '' ? presence.key : randomUUID();
    const refuse = (reason: string) => {
      this.#reply(frame.ref, 'error', { reason });
      return false;
    };
    if (this.name === '') return refuse(joinReasons.topicRequired());
    if (channelCount > this.#hub.settings.maxChannelsPerClient) return refuse(joinReasons.tooManyChannels());
    try {
      this.#token = await this.#tokenFor(payload.access_token ?? payload.user_token);
    } catch (error: unknown) {
      if (error instanceof ChannelTokenError) return refuse(joinReasons.token(error));
      throw error;
    }
    if (this.private) {
      try {
        this.#policies = await checkPolicies(this.#hub.db, { role: this.role, claims: this.claims, topic: this.name });
      } catch (error: unknown) {
        this.#hub.log.warn(`realtime: policy check failed for ${this.name}: ${error instanceof Error ? error.message : String(error)}`);
        return refuse(joinReasons.unauthorized(this.name));
      }
      const readable = this.#policies.broadcastRead || (this.#presenceEnabled && this.#policies.presenceRead);
      if (!readable) return refuse(joinReasons.unauthorized(this.name));
    }
    const replay = obj(config.broadcast).replay;
    let replayed: Array<{ id: string; event: string; payload: unknown }> = [];
    if (replay !== undefined) {
      const result = await replayMessages(this.#hub, this.name, this.private, this.#policies, replay);
      if (typeof result === 'string') return refuse(result);
      replayed = result;
    }
    const rawChanges = Array.isArray(config.postgres_changes) ? config.postgres_changes.filter((p) => p !== null && p !== undefined) : [];
    const replyChanges = rawChanges.map((p) => ({ ...obj(p), id: subscriptionId(obj(p)) }));
    if (this.#closed) return false;
    // postgres_changes registration starts before the join is answered, and the change engine
    // holds every captured change until pending registrations settle: a change committed after
    // the client saw SUBSCRIBED reaches it, though the `system` message may come later.
    const registering = rawChanges.length ? this.#registerChanges(rawChanges.map(obj)) : null;
    this.#hub.subscribe(this);
    this.#reply(frame.ref, 'ok', { postgres_changes: replyChanges });
    for (const m of replayed)
      this.pushEvent('broadcast', { type: 'broadcast', event: m.event, payload: m.payload, meta: { replayed: true, id: m.id } });
    if (this.#presenceEnabled && this.canReadPresence()) this.pushEvent('presence_state', this.#hub.presence.state(this.topicKey));
    this.#scheduleExpiry();
    void registering?.then((changes) => {
      if (this.#closed) return this.#changes.unsubscribe(changes.subs);
      this.changeSubscriptions = changes.subs;
      this.pushEvent('system', { extension: 'postgres_changes', status: changes.status, message: changes.message, channel: this.name });
    });
    return true;
  }

  /** Parses and registers a join's postgres_changes; the outcome is what the `system` message says. */
  async #registerChanges(raw: Obj[]): Promise<{ subs: ChangeSubscription[]; status: 'ok' | 'error'; message: string }> {
    const subs: ChangeSubscription[] = [];
    try {
      for (const params of raw) subs.push({ id: subscriptionId(params), params: parseChangeParams(params), channel: this });
      const problem = await this.#changes.subscribe(subs);
      if (problem) return { subs: [], status: 'error', message: problem };
      return { subs, status: 'ok', message: systemMessages.subscribed() };
    } catch (error: unknown) {
      if (error instanceof FilterParseError) return { subs: [], status: 'error', message: error.message };
      this.#hub.log.error(`realtime: postgres_changes subscription on ${this.name}`, error);
      return { subs: [], status: 'error', message: systemMessages.database() };
    }
  }

  /** Events other than join, in order of arrival. */
  handle(frame: Frame): void | Promise<void> {
    switch (frame.event) {
      case 'broadcast':
        return this.#broadcast(frame);
      case 'presence':
        return this.#presence(frame);
      case 'access_token':
        return this.#accessToken(frame);
      case 'phx_leave':
        this.#reply(frame.ref, 'ok', {});
        this.socket.push({ joinRef: this.joinRef, ref: this.joinRef, topic: this.topic, event: 'phx_close', payload: {} });
        this.socket.closeChannel(this);
        return;
      default:
        // Upstream only logs "Unexpected message from client of type …"; answering a push that
        // expects a reply spares the client its timeout.
        if (frame.ref !== null) this.#reply(frame.ref, 'error', { reason: `Unexpected message from client of type \`${frame.event}\`` });
        return;
    }
  }

  #payloadTooLarge(payload: Obj): boolean {
    const binary = binaryOf(payload);
    const size = binary ? binary.length : Buffer.byteLength(JSON.stringify(payload.payload ?? null) ?? '');
    return size > this.#hub.settings.maxPayloadBytes;
  }

  #broadcast(frame: Frame): void {
    const payload = obj(frame.payload);
    if (this.private && !this.#policies?.broadcastWrite) return; // upstream: silently not sent, no reply
    if (typeof payload.event !== 'string' || this.#payloadTooLarge(payload)) {
      if (this.#ack) this.#reply(frame.ref, 'error', 'payload_size_exceeded');
      return;
    }
    const binary = binaryOf(payload);
    const meta = obj(payload.meta);
    const message = new Encoded({
      topic: this.topic,
      event: payload.event,
      payload: payload.payload,
      binary,
      meta: Object.keys(meta).length ? meta : null,
    });
    this.#hub.broadcast(this.topicKey, message, this.#self ? null : this);
    if (this.#ack) this.#reply(frame.ref, 'ok', {});
  }

  #presence(frame: Frame): void {
    const payload = obj(frame.payload);
    const audience = this.#hub.members(this.topicKey) as Iterable<Channel>;
    if (payload.event === 'track') {
      if (this.private && !this.#policies?.presenceWrite) return this.#reply(frame.ref, 'error', {});
      const data = payload.payload;
      if (!data || typeof data !== 'object' || Array.isArray(data))
        return this.#reply(frame.ref, 'error', { reason: 'Presence track payload must be a map' });
      if (Buffer.byteLength(JSON.stringify(data)) > this.#hub.settings.maxPayloadBytes)
        return this.#shutdown('Track message size exceeded');
      this.#hub.presence.track(this.topicKey, this, data as Obj, audience);
      this.#tracked = true;
      return this.#reply(frame.ref, 'ok', {});
    }
    if (payload.event === 'untrack') {
      this.#hub.presence.untrack(this.topicKey, this, audience);
      this.#tracked = false;
      return this.#reply(frame.ref, 'ok', {});
    }
    this.#reply(frame.ref, 'error', {});
  }

  async #accessToken(frame: Frame): Promise<void> {
    const token = obj(frame.payload).access_token;
    if (typeof token !== 'string' || token.startsWith('sb_') || token === this.#token.token) return;
    let verified: VerifiedToken;
    try {
      verified = await verifyRealtimeToken(this.#hub.keys, token);
    } catch (error: unknown) {
      if (error instanceof ChannelTokenError) return this.#shutdown(error.message);
      throw error;
    }
    this.#token = verified;
    if (this.private) {
      const previous = this.#policies;
      try {
        this.#policies = await checkPolicies(this.#hub.db, { role: this.role, claims: this.claims, topic: this.name });
      } catch {
        return this.#shutdown(systemMessages.database());
      }
      const revoked =
        (previous?.broadcastRead && !this.#policies.broadcastRead) || (previous?.presenceRead && !this.#policies.presenceRead);
      if (revoked) return this.#shutdown(systemMessages.readRevoked(this.name));
    }
    this.#scheduleExpiry();
  }

  /** Upstream re-checks the token every 5 minutes or at its expiry, whichever is first. */
  #scheduleExpiry(): void {
    if (this.#expiry) clearTimeout(this.#expiry);
    const ms = Math.min(5 * 60_000, Math.max(0, this.#token.exp * 1000 - Date.now()));
    this.#expiry = setTimeout(() => {
      if (this.#token.exp * 1000 <= Date.now())
        this.#shutdown(`Token has expired ${Math.floor(Date.now() / 1000 - this.#token.exp)} seconds ago`);
      else this.#scheduleExpiry();
    }, ms + 50);
    this.#expiry.unref();
  }

  /** `shutdown_response`: a `system` error, then the channel closes (`phx_close`). */
  #shutdown(message: string): void {
    if (this.#closed) return;
    this.pushEvent('system', { extension: 'system', status: 'error', message, channel: this.name });
    this.socket.push({ joinRef: this.joinRef, ref: this.joinRef, topic: this.topic, event: 'phx_close', payload: {} });
    this.socket.closeChannel(this);
  }

  /** Leaves every registry; called once when the channel ends for any reason. */
  dispose(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#expiry) clearTimeout(this.#expiry);
    this.#hub.unsubscribe(this);
    if (this.#tracked) this.#hub.presence.untrack(this.topicKey, this, this.#hub.members(this.topicKey) as Iterable<Channel>);
    if (this.changeSubscriptions.length) this.#changes.unsubscribe(this.changeSubscriptions);
  }
}
