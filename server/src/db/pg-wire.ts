/**
 * The few PostgreSQL wire-protocol messages the PGlite worker batches itself (protocol v3,
 * https://www.postgresql.org/docs/current/protocol-message-formats.html): a request's
 * BEGIN, settings and first statement travel to PGlite as one buffer instead of a dozen
 * separate calls into the WebAssembly module.
 */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Builds one buffer of frontend messages. */
export class WireWriter {
  #chunks: Uint8Array[] = [];
  #size = 0;

  #message(code: number, body: Uint8Array[]): this {
    let length = 4;
    for (const part of body) length += part.length;
    const head = new Uint8Array(5);
    head[0] = code;
    new DataView(head.buffer).setInt32(1, length);
    this.#chunks.push(head, ...body);
    this.#size += 1 + length;
    return this;
  }

  /** Parse: a statement (named, or '' for the unnamed one); parameter types left to the server. */
  parse(name: string, sql: string): this {
    return this.#message(0x50, [cstring(name), cstring(sql), int16(0)]);
  }

  /** Bind: text parameters (null is SQL NULL), text results. */
  bind(statement: string, values: ReadonlyArray<string | null>): this {
    const parts: Uint8Array[] = [cstring(''), cstring(statement), int16(0), int16(values.length)];
    for (const value of values) {
      if (value === null) {
        parts.push(int32(-1));
      } else {
        const bytes = encoder.encode(value);
        parts.push(int32(bytes.length), bytes);
      }
    }
    parts.push(int16(0));
    return this.#message(0x42, parts);
  }

  /** Describe a statement ('S') or the portal ('P'). */
  describe(kind: 'S' | 'P', name: string): this {
    return this.#message(0x44, [new Uint8Array([kind.charCodeAt(0)]), cstring(name)]);
  }

  execute(): this {
    return this.#message(0x45, [cstring(''), int32(0)]);
  }

  close(name: string): this {
    return this.#message(0x43, [new Uint8Array([0x53]), cstring(name)]);
  }

  sync(): this {
    return this.#message(0x53, []);
  }

  /** A simple-protocol query (several statements, no parameters). */
  query(sql: string): this {
    return this.#message(0x51, [cstring(sql)]);
  }

  toBytes(): Uint8Array {
    const out = new Uint8Array(this.#size);
    let offset = 0;
    for (const chunk of this.#chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }
}

function cstring(text: string): Uint8Array {
  const bytes = encoder.encode(text);
  const out = new Uint8Array(bytes.length + 1);
  out.set(bytes);
  return out;
}

function int16(n: number): Uint8Array {
  const out = new Uint8Array(2);
  new DataView(out.buffer).setInt16(0, n);
  return out;
}

function int32(n: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setInt32(0, n);
  return out;
}

export interface WireField {
  name: string;
  dataTypeID: number;
}

/** Backend messages, reduced to what the worker needs. */
export type BackendMessage =
  | { kind: 'rowDescription'; fields: WireField[] }
  | { kind: 'parameterDescription'; types: number[] }
  | { kind: 'dataRow'; values: Array<string | null> }
  | { kind: 'commandComplete'; tag: string }
  | { kind: 'error'; fields: Record<string, string> }
  | { kind: 'notification'; channel: string; payload: string }
  | { kind: 'readyForQuery'; status: string }
  | { kind: 'noData' | 'parseComplete' | 'bindComplete' | 'closeComplete' | 'emptyQuery' | 'other' };

/** Splits a buffer of backend messages (PGlite answers a whole batch at once). */
export function readBackendMessages(data: Uint8Array): BackendMessage[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const out: BackendMessage[] = [];
  let offset = 0;
  while (offset + 5 <= data.length) {
    const code = data[offset] ?? 0;
    const length = view.getInt32(offset + 1);
    const start = offset + 5;
    const end = offset + 1 + length;
    out.push(readMessage(code, data, view, start, end));
    offset = end;
  }
  return out;
}

function readMessage(code: number, data: Uint8Array, view: DataView, start: number, end: number): BackendMessage {
  let at = start;
  const text = (): string => {
    let zero = at;
    while (zero < end && data[zero] !== 0) zero++;
    const value = decoder.decode(data.subarray(at, zero));
    at = zero + 1;
    return value;
  };
  switch (code) {
    case 0x54: {
      // RowDescription: name, table oid, column, type oid, size, modifier, format.
      const count = view.getInt16(at);
      at += 2;
      const fields: WireField[] = [];
      for (let i = 0; i < count; i++) {
        const name = text();
        const dataTypeID = view.getInt32(at + 6);
        at += 18;
        fields.push({ name, dataTypeID });
      }
      return { kind: 'rowDescription', fields };
    }
    case 0x74: {
      const count = view.getInt16(at);
      const types: number[] = [];
      for (let i = 0; i < count; i++) types.push(view.getInt32(at + 2 + i * 4));
      return { kind: 'parameterDescription', types };
    }
    case 0x44: {
      const count = view.getInt16(at);
      at += 2;
      const values: Array<string | null> = [];
      for (let i = 0; i < count; i++) {
        const length = view.getInt32(at);
        at += 4;
        if (length < 0) {
          values.push(null);
        } else {
          values.push(decoder.decode(data.subarray(at, at + length)));
          at += length;
        }
      }
      return { kind: 'dataRow', values };
    }
    case 0x43:
      return { kind: 'commandComplete', tag: text() };
    case 0x45: {
      const fields: Record<string, string> = {};
      while (at < end && data[at] !== 0) {
        const key = String.fromCharCode(data[at] ?? 0);
        at++;
        fields[key] = text();
      }
      return { kind: 'error', fields };
    }
    case 0x41: {
      at += 4; // the sending backend's pid
      const channel = text();
      return { kind: 'notification', channel, payload: text() };
    }
    case 0x5a:
      return { kind: 'readyForQuery', status: String.fromCharCode(data[at] ?? 0) };
    case 0x6e:
      return { kind: 'noData' };
    case 0x31:
      return { kind: 'parseComplete' };
    case 0x32:
      return { kind: 'bindComplete' };
    case 0x33:
      return { kind: 'closeComplete' };
    case 0x49:
      return { kind: 'emptyQuery' };
    default:
      return { kind: 'other' };
  }
}
