import WebSocket from 'ws';
import type { VerifiedToken } from './auth.ts';
import type { ChangeEngine } from './change-subscription.ts';
import { Channel, type ChannelSocket } from './channel.ts';
import type { Hub } from './hub.ts';
import { decodeFrame, encodeText, FrameError, type Frame, type Vsn } from './protocol.ts';

const maxPendingFrames = 1000;

/**
 * One WebSocket: Phoenix's socket layer (heartbeats on `phoenix`, join/leave routing,
 * `unmatched topic`), a per-socket ordered inbox (joins and token swaps are asynchronous),
 * and a bounded outbox — a client that cannot keep up is dropped, never the server.
 */
export class Connection implements ChannelSocket {
  readonly vsn: Vsn;
  readonly token: VerifiedToken;
  readonly #ws: WebSocket;
  readonly #hub: Hub;
  readonly #changes: ChangeEngine;
  readonly #channels = new Map<string, Channel>();
  readonly #inbox: Array<{ data: Buffer; isBinary: boolean }> = [];
  #busy = false;
  lastSeen = Date.now();
  closed = false;

  constructor(ws: WebSocket, vsn: Vsn, token: VerifiedToken, hub: Hub, changes: ChangeEngine) {
    this.#ws = ws;
    this.vsn = vsn;
    this.token = token;
    this.#hub = hub;
    this.#changes = changes;
    ws.on('message', (data, isBinary) => this.#receive(toBuffer(data), isBinary));
    ws.on('close', () => this.#dispose());
    ws.on('error', () => this.#dispose());
  }

  send(data: string | Buffer, binary = typeof data !== 'string'): void {
    if (this.write(data, binary)) this.#hub.messages?.inc({ direction: 'out' });
  }

  /** Writes a frame without counting it (a broadcast's sockets are counted once, by the hub); false when the socket is gone. */
  write(data: string | Buffer, binary: boolean): boolean {
    if (this.closed || this.#ws.readyState !== WebSocket.OPEN) return false;
    if (this.#ws.bufferedAmount > this.#hub.settings.maxBufferedBytes) {
      this.#hub.log.warn('realtime: dropping a client that does not keep up with its messages');
      this.#ws.terminate();
      this.#dispose();
      return false;
    }
    this.#ws.send(data, { binary });
    return true;
  }

  push(frame: Frame): void {
    this.send(encodeText(this.vsn, frame));
  }

  closeChannel(channel: Channel): void {
    if (this.#channels.get(channel.topic) === channel) this.#channels.delete(channel.topic);
    channel.dispose();
  }

  /** Closes the socket (server shutdown, heartbeat timeout). */
  terminate(code = 1001, reason = ''): void {
    if (this.#ws.readyState === WebSocket.OPEN) this.#ws.close(code, reason);
    setTimeout(() => this.#ws.terminate(), 1000).unref();
    this.#dispose();
  }

  #receive(data: Buffer, isBinary: boolean): void {
    this.lastSeen = Date.now();
    this.#hub.messages?.inc({ direction: 'in' });
    if (this.#busy) {
      // A client that keeps pushing while its join is still being decided is cut off.
      if (this.#inbox.length >= maxPendingFrames) {
        this.#ws.close(1008, 'too many pending messages');
        this.#dispose();
        return;
      }
      this.#inbox.push({ data, isBinary });
      return;
    }
    this.#run(data, isBinary);
  }

  #run(data: Buffer, isBinary: boolean): void {
    let pending: void | Promise<void>;
    try {
      pending = this.#dispatch(decodeFrame(this.vsn, data, isBinary));
    } catch (error: unknown) {
      this.#fail(error);
      return;
    }
    if (!pending) return;
    this.#busy = true;
    pending.catch((error: unknown) => this.#fail(error)).finally(() => this.#drain());
  }

  #drain(): void {
    this.#busy = false;
    while (!this.#busy && !this.closed) {
      const next = this.#inbox.shift();
      if (!next) return;
      this.#run(next.data, next.isBinary);
    }
  }

  /** A frame that cannot be decoded ends the socket, as Phoenix's serializer crash does. */
  #fail(error: unknown): void {
    if (error instanceof FrameError) {
      if (this.#ws.readyState === WebSocket.OPEN) this.#ws.close(1007, error.message.slice(0, 120));
    } else {
      this.#hub.log.error('realtime: socket handler failed', error);
      if (this.#ws.readyState === WebSocket.OPEN) this.#ws.close(1011, 'internal error');
    }
    this.#dispose();
  }

  #dispatch(frame: Frame): void | Promise<void> {
    if (frame.topic === 'phoenix') {
      if (frame.event === 'heartbeat')
        this.push({ joinRef: null, ref: frame.ref, topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} } });
      return;
    }
    const existing = this.#channels.get(frame.topic);
    if (frame.event === 'phx_join') return this.#join(frame, existing);
    if (existing && (frame.joinRef === null || frame.joinRef === existing.joinRef)) return existing.handle(frame);
    const response =
      frame.event === 'phx_leave' ? { status: 'ok', response: {} } : { status: 'error', response: { reason: 'unmatched topic' } };
    this.push({ joinRef: frame.joinRef, ref: frame.ref, topic: frame.topic, event: 'phx_reply', payload: response });
  }

  async #join(frame: Frame, existing: Channel | undefined): Promise<void> {
    if (!frame.topic.startsWith('realtime:')) {
      this.push({
        joinRef: frame.joinRef,
        ref: frame.ref,
        topic: frame.topic,
        event: 'phx_reply',
        payload: { status: 'error', response: { reason: 'unmatched topic' } },
      });
      return;
    }
    if (existing) {
      // Phoenix closes the previous channel of a duplicate join before joining again.
      this.push({ joinRef: existing.joinRef, ref: existing.joinRef, topic: existing.topic, event: 'phx_close', payload: {} });
      this.closeChannel(existing);
    }
    const channel = new Channel(this.#hub, this.#changes, this, frame.topic, frame.joinRef);
    this.#channels.set(frame.topic, channel);
    const joined = await channel.join(frame, this.#channels.size);
    if (!joined) this.closeChannel(channel);
  }

  #dispose(): void {
    if (this.closed) return;
    this.closed = true;
    this.#inbox.length = 0;
    for (const channel of this.#channels.values()) channel.dispose();
    this.#channels.clear();
  }
}

function toBuffer(data: WebSocket.RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
