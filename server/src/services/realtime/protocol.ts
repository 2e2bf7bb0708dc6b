/**
 * Phoenix wire formats as Supabase Realtime speaks them: vsn 1.0.0 JSON objects, vsn 2.0.0
 * JSON arrays plus the binary user-broadcast frames (upstream `lib/realtime_web/socket/
 * v2_serializer.ex`, client `realtime-js/src/lib/serializer.ts`).
 */
export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A broadcast as it travels between sockets: JSON payload, or raw bytes from a binary push. */
export interface BroadcastMessage {
  topic: string;
  event: string;
  /** Parsed JSON, or bytes when the sender pushed a binary payload. */
  payload: unknown;
  binary: Buffer | null;
  meta: Record<string, unknown> | null;
}

export class FrameError extends Error {}

const kindUserBroadcastPush = 3;
const kindUserBroadcast = 4;

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : String(value);
}

/** Decodes one client frame; throws FrameError on anything malformed. */
export function decodeFrame(vsn: Vsn, data: Buffer, isBinary: boolean): Frame {
  if (isBinary) {
    if (vsn !== '2.0.0') throw new FrameError('binary frames need vsn 2.0.0');
    return decodeUserBroadcastPush(data);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    throw new FrameError('frame is not JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new FrameError('expected [join_ref, ref, topic, event, payload]');
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') throw new FrameError('topic and event must be strings');
    return { joinRef: text(joinRef), ref: text(ref), topic, event, payload };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new FrameError('expected a message object');
  const m = parsed as Record<string, unknown>;
  if (typeof m.topic !== 'string' || typeof m.event !== 'string') throw new FrameError('topic and event must be strings');
  return { joinRef: text(m.join_ref), ref: text(m.ref), topic: m.topic, event: m.event, payload: m.payload };
}

function decodeUserBroadcastPush(data: Buffer): Frame {
  if (data.length < 7 || data[0] !== kindUserBroadcastPush) throw new FrameError('unsupported binary frame');
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = [data[1], data[2], data[3], data[4], data[5], data[6]].map(
    (n) => n ?? 0,
  ) as [number, number, number, number, number, number];
  let offset = 7;
  const take = (n: number) => {
    if (offset + n > data.length) throw new FrameError('truncated binary frame');
    const s = data.subarray(offset, offset + n).toString('utf8');
    offset += n;
    return s;
  };
  const joinRef = take(joinRefLen);
  const ref = take(refLen);
  const topic = take(topicLen);
  const event = take(eventLen);
  const metaText = take(metaLen);
  const body = data.subarray(offset);
  let meta: Record<string, unknown> | null = null;
  if (metaText) {
    try {
      const m: unknown = JSON.parse(metaText);
      if (m && typeof m === 'object' && !Array.isArray(m)) meta = m as Record<string, unknown>;
    } catch {
      throw new FrameError('binary frame metadata is not JSON');
    }
  }
  let userPayload: unknown;
  let binary: Buffer | null = null;
  if (encoding === 1) {
    try {
      userPayload = JSON.parse(body.toString('utf8'));
    } catch {
      throw new FrameError('binary frame payload is not JSON');
    }
  } else {
    binary = Buffer.from(body);
    userPayload = null;
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { type: 'broadcast', event, payload: userPayload, ...(meta ? { meta } : {}), [binaryKey]: binary },
  };
}

/** Where a decoded binary payload rides inside a frame's payload object (never serialized). */
export const binaryKey = Symbol('binary');

/** Text frame for a reply, push or broadcast. */
export function encodeText(vsn: Vsn, frame: Frame): string {
  if (vsn === '2.0.0') return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
  // The V1 serializer drops join_ref (Phoenix.Socket.V1.JSONSerializer).
  return JSON.stringify({ topic: frame.topic, event: frame.event, payload: frame.payload, ref: frame.ref });
}

/** Kind-4 binary frame (server → client user broadcast). */
export function encodeUserBroadcast(
  topic: string,
  event: string,
  meta: Record<string, unknown> | null,
  body: Buffer,
  json: boolean,
): Buffer {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(event, 'utf8');
  const metaBytes = Buffer.from(meta ? JSON.stringify(meta) : '', 'utf8');
  if (topicBytes.length > 255 || eventBytes.length > 255 || metaBytes.length > 255)
    throw new FrameError('header field too long for a binary frame');
  const header = Buffer.from([kindUserBroadcast, topicBytes.length, eventBytes.length, metaBytes.length, json ? 1 : 0]);
  return Buffer.concat([header, topicBytes, eventBytes, metaBytes, body]);
}

/** A frame ready for the wire: bytes plus whether it goes out as a binary (not text) frame. */
export interface WireFrame {
  data: Buffer;
  binary: boolean;
}

/** Encodings of one broadcast, made once and shared by every receiving socket. */
export class EncodedBroadcast {
  readonly message: BroadcastMessage;
  #v1: WireFrame | null = null;
  #v2: WireFrame | null = null;
  constructor(message: BroadcastMessage) {
    this.message = message;
  }
  /** What to write to a socket of this vsn, or null when the vsn cannot carry it (binary on 1.0.0). */
  for(vsn: Vsn): WireFrame | null {
    const m = this.message;
    if (vsn === '1.0.0') {
      if (m.binary) return null;
      this.#v1 ??= {
        data: Buffer.from(
          encodeText('1.0.0', { joinRef: null, ref: null, topic: m.topic, event: 'broadcast', payload: broadcastPayload(m) }),
        ),
        binary: false,
      };
      return this.#v1;
    }
    this.#v2 ??= m.binary
      ? { data: encodeUserBroadcast(m.topic, m.event, m.meta, m.binary, false), binary: true }
      : {
          data: Buffer.from(
            encodeText('2.0.0', { joinRef: null, ref: null, topic: m.topic, event: 'broadcast', payload: broadcastPayload(m) }),
          ),
          binary: false,
        };
    return this.#v2;
  }
}

function broadcastPayload(m: BroadcastMessage): Record<string, unknown> {
  return { type: 'broadcast', event: m.event, payload: m.payload, ...(m.meta ? { meta: m.meta } : {}) };
}

/** The raw bytes of a decoded binary broadcast push, if the payload came from one. */
export function binaryOf(payload: unknown): Buffer | null {
  if (!payload || typeof payload !== 'object') return null;
  const value = (payload as Record<symbol, unknown>)[binaryKey];
  return Buffer.isBuffer(value) ? value : null;
}
