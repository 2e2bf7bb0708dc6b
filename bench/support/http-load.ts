import net from 'node:net';

/** Latency with one request in flight, throughput with `concurrency` in flight. */
export interface Measure {
  rps: number;
  p50: number;
  p95: number;
  /** CPU the measuring process used during the throughput phase, in % of one core. */
  cpu: number;
}

export interface LoadShape {
  sequential: number;
  concurrent: number;
  concurrency: number;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Runs `op` `shape.sequential` times one after the other (latency), then `shape.concurrent` times with `shape.concurrency` in flight (throughput). */
export async function measure(op: (i: number) => Promise<void>, offset: number, shape: LoadShape): Promise<Measure> {
  for (let i = 0; i < 200; i++) await op(offset + i);
  const latencies: number[] = [];
  for (let i = 0; i < shape.sequential; i++) {
    const started = performance.now();
    await op(offset + 1000 + i);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: shape.concurrency }, async () => {
      while (next < shape.concurrent) await op(offset + 100_000 + next++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    rps: shape.concurrent / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    cpu: ((cpu.user + cpu.system) / 1e6 / seconds) * 100,
  };
}

/**
 * A keep-alive HTTP/1.1 connection that sends prepared request bytes and reads each response
 * to its end (Content-Length or chunked), as wrk does: no client framework on the measured
 * path. Node's `http.request` costs about 0.1 ms of CPU per exchange on these cores — more
 * than the database call being compared with — and that is the client's cost, not the server's.
 */
export class Connection {
  readonly #socket: net.Socket;
  #buffer: Buffer = Buffer.alloc(0);
  #waiting: { resolve: (status: number) => void; reject: (error: Error) => void } | null = null;
  /** The last whole response read (head and body), a view of the bytes received: no copy. */
  last: Buffer = Buffer.alloc(0);

  constructor(port: number, host: string) {
    this.#socket = net.connect(port, host);
    this.#socket.setNoDelay(true);
    this.#socket.on('data', (chunk: Buffer) => {
      this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
      this.#drain();
    });
    this.#socket.on('error', (error) => this.#fail(error));
    this.#socket.on('close', () => this.#fail(new Error('connection closed')));
  }

  send(bytes: Buffer): Promise<number> {
    if (this.#waiting) return Promise.reject(new Error('one request at a time per connection'));
    return new Promise((resolve, reject) => {
      this.#waiting = { resolve, reject };
      this.#socket.write(bytes);
    });
  }

  close(): void {
    this.#socket.destroy();
  }

  #fail(error: Error): void {
    const waiting = this.#waiting;
    this.#waiting = null;
    waiting?.reject(error);
  }

  /** Completes the waiting request once its whole response is in the buffer. */
  #drain(): void {
    const headEnd = this.#buffer.indexOf('\r\n\r\n');
    if (headEnd < 0 || !this.#waiting) return;
    const head = this.#buffer.subarray(0, headEnd).toString('latin1');
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    let end: number;
    if (length) {
      end = headEnd + 4 + Number(length[1]);
    } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
      const chunkedEnd = this.#chunkedEnd(headEnd + 4);
      if (chunkedEnd < 0) return;
      end = chunkedEnd;
    } else {
      end = headEnd + 4;
    }
    if (this.#buffer.length < end) return;
    this.last = this.#buffer.subarray(0, end);
    this.#buffer = this.#buffer.subarray(end);
    const waiting = this.#waiting;
    this.#waiting = null;
    waiting.resolve(status);
  }

  /** Where a chunked body that starts at `at` ends, or -1 while it is incomplete. */
  #chunkedEnd(at: number): number {
    let offset = at;
    for (;;) {
      const lineEnd = this.#buffer.indexOf('\r\n', offset);
      if (lineEnd < 0) return -1;
      const size = Number.parseInt(this.#buffer.subarray(offset, lineEnd).toString('latin1'), 16);
      if (!Number.isFinite(size)) throw new Error('bad chunk size');
      offset = lineEnd + 2 + size + 2;
      if (size === 0) return offset <= this.#buffer.length ? offset : -1;
      if (offset > this.#buffer.length) return -1;
    }
  }
}

export function requestBytes(url: URL, r: { path: string; method: string; body?: string }, key: string): Buffer {
  const body = r.body ?? '';
  const head =
    `${r.method} ${r.path} HTTP/1.1\r\nHost: ${url.host}\r\napikey: ${key}\r\nAuthorization: Bearer ${key}\r\n` +
    `Content-Type: application/json\r\n${r.body === undefined ? '' : `Content-Length: ${Buffer.byteLength(body)}\r\n`}\r\n`;
  return Buffer.from(head + body);
}
