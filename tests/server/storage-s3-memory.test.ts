import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, test } from 'node:test';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { repoRoot } from '../support/server.ts';

/**
 * A 1 GiB object through storage's S3 protocol, in 128 MiB parts sent as streams (the SDK's
 * aws-chunked bodies with a trailing CRC32), into a server process whose peak resident memory
 * (VmRSS, sampled every 20 ms) is watched against its size before: parts stream to disk and are joined file to file, so the
 * peak must not grow by anything near an object's or a part's size. The bytes are made as they
 * are sent and hashed on both ways, so the test holds no more than a chunk either.
 *
 * The server runs PGlite's WebAssembly on V8's baseline compiler (`--liftoff-only`, as the test
 * processes and the server processes they start do, decision 447). By default V8 recompiles the
 * functions that get hot with its optimising compiler, whose working memory comes and goes by
 * hundreds of MiB: a fresh server peaked at 817 MiB just after it answered and settled at 529 MiB
 * a second later, and on a busy machine that peak came after the baseline was read and counted as
 * the upload's (+399 MiB). On the baseline compiler the growth is the storage path's own, 70–77 MiB
 * idle or beside three busy loops; a part held in memory would add its 128 MiB to that and cross
 * the bound.
 */
const work = mkdtempSync(path.join(tmpdir(), 'pinstar-s3-memory-'));
let server: ServerProcess | null = null;
after(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

const partSize = 128 * 1024 * 1024;
const parts = 8;
const chunk = 1024 * 1024;

/** Deterministic bytes of part `n`, chunk by chunk, hashed into `hash` as they go. */
function partBody(n: number, hash: ReturnType<typeof createHash>): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < partSize; offset += chunk) {
        const block = createHash('sha512').update(`${n}:${offset}`).digest();
        const bytes = Buffer.alloc(chunk);
        for (let i = 0; i < chunk; i += block.length) block.copy(bytes, i);
        hash.update(bytes);
        yield bytes;
      }
    })(),
  );
}

function residentMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? Number.NaN) / 1024;
}

/** The largest resident size of `pid` while `work` runs, sampled every 20 ms. */
async function peakDuring(pid: number, work: () => Promise<void>): Promise<number> {
  let peak = residentMiB(pid);
  const timer = setInterval(() => (peak = Math.max(peak, residentMiB(pid))), 20);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, residentMiB(pid));
}

test('a 1 GiB multipart upload and its download keep the server within bounded memory', { timeout: 900_000 }, async (t) => {
  server = await startServerProcess(path.join(repoRoot, 'tests/fixtures/s3/project'), {
    DATABASE_URL: '',
    DATA_DIR: path.join(work, 'data'),
  });
  const pid = server.child.pid ?? 0;
  const banner = server.output();
  const field = (label: string) => new RegExp(`${label}\\s+(\\S+)`).exec(banner)?.[1] ?? '';
  const s3 = new S3Client({
    endpoint: `${server.url}/storage/v1/s3`,
    forcePathStyle: true,
    region: field('S3 Region'),
    credentials: { accessKeyId: field('S3 Access Key'), secretAccessKey: field('S3 Secret Key') },
  });
  // Warm up every path once (first requests load code and fill caches), then take the baseline.
  await s3.send(new PutObjectCommand({ Bucket: 'files', Key: 'warm-up.bin', Body: Buffer.alloc(1024) }));
  const baseline = residentMiB(pid);

  const sent = createHash('sha256');
  const afterUpload = await peakDuring(pid, async () => {
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: 'files', Key: 'big/one-gib.bin' }));
    const etags: Array<{ PartNumber: number; ETag: string | undefined }> = [];
    for (let n = 1; n <= parts; n++) {
      const { ETag } = await s3.send(
        new UploadPartCommand({
          Bucket: 'files',
          Key: 'big/one-gib.bin',
          UploadId,
          PartNumber: n,
          Body: partBody(n, sent),
          ContentLength: partSize,
        }),
      );
      etags.push({ PartNumber: n, ETag });
    }
    await s3.send(
      new CompleteMultipartUploadCommand({ Bucket: 'files', Key: 'big/one-gib.bin', UploadId, MultipartUpload: { Parts: etags } }),
    );
  });

  const received = createHash('sha256');
  let size = 0;
  const afterDownload = await peakDuring(pid, async () => {
    const got = await s3.send(new GetObjectCommand({ Bucket: 'files', Key: 'big/one-gib.bin' }));
    for await (const piece of got.Body as Readable) {
      received.update(piece as Buffer);
      size += (piece as Buffer).length;
    }
  });
  t.diagnostic(
    `server resident memory: ${baseline.toFixed(0)} MiB before; at most ${afterUpload.toFixed(0)} MiB during the upload, ${afterDownload.toFixed(0)} MiB during the download`,
  );
  assert.equal(size, partSize * parts);
  assert.equal(received.digest('hex'), sent.digest('hex'));
  assert.ok(afterUpload - baseline < 160, `the upload grew resident memory by ${(afterUpload - baseline).toFixed(0)} MiB`);
  assert.ok(afterDownload - baseline < 160, `the download grew resident memory by ${(afterDownload - baseline).toFixed(0)} MiB`);
});
