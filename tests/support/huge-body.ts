import assert from 'node:assert/strict';
import { request } from 'node:http';

const chunk = Buffer.alloc(1024 * 1024, 0x41);

export interface Refusal {
  status: number;
  contentType: string | undefined;
  body: string;
  /** From the first byte sent to the complete answer. */
  ms: number;
  /** Largest growth of this process's resident memory (the server runs in it) while sending. */
  rssGrowthMb: number;
  sentMb: number;
}

/**
 * Streams a 200 MB body — with a Content-Length, or chunked — and stops once the answer is in
 * (the server closes the connection after a 413, so later writes fail: that is expected).
 */
export function sendHuge(
  url: string,
  headers: Record<string, string>,
  chunked: boolean,
  method = 'POST',
  hugeBytes = 200 * 1024 * 1024,
): Promise<Refusal> {
  return new Promise((resolve, reject) => {
    const rssBefore = process.memoryUsage.rss();
    let rssPeak = rssBefore;
    const started = performance.now();
    let sent = 0;
    let finished = false;
    const req = request(url, {
      method,
      headers: { ...headers, ...(chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(hugeBytes) }) },
    });
    req.on('error', () => undefined);
    req.on('response', (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => {
        finished = true;
        rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
        resolve({
          status: response.statusCode ?? 0,
          contentType: response.headers['content-type'],
          body: Buffer.concat(parts).toString('utf8'),
          ms: performance.now() - started,
          rssGrowthMb: (rssPeak - rssBefore) / 2 ** 20,
          sentMb: sent / 2 ** 20,
        });
        req.destroy();
      });
      response.on('error', reject);
    });
    const pump = () => {
      while (!finished && !req.destroyed && sent < hugeBytes) {
        sent += chunk.length;
        rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (sent >= hugeBytes && !finished) req.end();
    };
    pump();
  });
}

/**
 * A refusal that came promptly: before the sender had written `maxSentMb` of its 200 MB (what a
 * server that reads on past its limit, or waits for the body's end, cannot do), and without a
 * stall. How promptly is counted in bytes, not on the clock: the same refusal takes 10 ms on an
 * idle machine and took 3.45 s once on CI's two cores shared with three test files and Chromium.
 * The clock only catches a server that stops reading and then sits on its answer.
 */
export function assertPrompt(refusal: Refusal, label: string, maxSentMb: number): void {
  assert.ok(refusal.sentMb < maxSentMb, `sent ${refusal.sentMb} MB before the answer; ${label}`);
  assert.ok(refusal.ms < 10_000, `the answer took ${refusal.ms.toFixed(0)} ms; ${label}`);
}
