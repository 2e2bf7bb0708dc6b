import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { loadConfig } from '../server/src/lib/config.ts';
import { createKeys } from '../server/src/lib/keys.ts';
import { freePort } from '../tests/support/free-port.ts';
import { Goals } from './support/goals.ts';

/**
 * `npm run bench:storage`: storage throughput and memory of the real server process.
 * Starts the server as a child (PGlite, fresh data dir) so its RSS can be sampled from
 * /proc while a 50 MB upload streams through it; prints upload/download MB/s for a 5 MB
 * file, p50 latency of small objects, the peak RSS growth during the 50 MB upload, and the
 * p95 latency of a 400 px thumbnail (`/render/image`) of a 1600 px photo, cold (first request:
 * decode, resize, encode, write to the cache) and cached (served from the variant cache).
 */
const root = path.resolve(import.meta.dirname, '..');
const MB = 1024 * 1024;

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? '0');
  return kb * 1024;
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/_server/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become healthy in 60 s');
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function bytes(size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(new ArrayBuffer(size));
  for (let i = 0; i < size; i += 65536) crypto.getRandomValues(out.subarray(i, Math.min(size, i + 65536)));
  return out;
}

const goals = new Goals();

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'pinstar-bench-storage-'));
  const project = path.join(work, 'project');
  mkdirSync(project);
  writeFileSync(
    path.join(project, 'config.toml'),
    '[storage]\nfile_size_limit = "200MiB"\n\n[storage.image_transformation]\nenabled = true\n\n[storage.buckets.bench]\npublic = false\n\n[storage.buckets.photos]\npublic = true\n',
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    ['server/src/main.ts', '--project', project, '--port', String(port), '--data-dir', path.join(work, 'data'), '--no-web'],
    {
      cwd: root,
      env: { ...process.env, LOG_REQUESTS: '0', DATABASE_URL: '', NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  try {
    await waitForHealth(url, child);
    const pid = child.pid ?? 0;
    const keys = await createKeys(loadConfig({ projectDir: project }, { ...process.env, DATABASE_URL: '' }));
    const storage = createClient(url, keys.serviceRoleKey, { auth: { persistSession: false } }).storage.from('bench');

    // Warm up the routes, the JIT and the database.
    for (let i = 0; i < 10; i++) await storage.upload(`warm/${i}.bin`, new Blob([bytes(64 * 1024)]), { upsert: true });

    const five = bytes(5 * MB);
    const runs = 5;
    let started = performance.now();
    for (let i = 0; i < runs; i++) {
      const { error } = await storage.upload(`five/${i}.bin`, new Blob([five], { type: 'application/octet-stream' }));
      if (error) throw error;
    }
    const uploadMBs = (runs * 5) / ((performance.now() - started) / 1000);
    started = performance.now();
    for (let i = 0; i < runs; i++) {
      const { data, error } = await storage.download(`five/${i}.bin`);
      if (error || data.size !== 5 * MB) throw error ?? new Error('short download');
    }
    const downloadMBs = (runs * 5) / ((performance.now() - started) / 1000);

    const small = bytes(1024);
    const uploads: number[] = [];
    const downloads: number[] = [];
    for (let i = 0; i < 100; i++) {
      let t = performance.now();
      const up = await storage.upload(`small/${i}.bin`, new Blob([small]));
      uploads.push(performance.now() - t);
      if (up.error) throw up.error;
      t = performance.now();
      const down = await storage.download(`small/${i}.bin`);
      downloads.push(performance.now() - t);
      if (down.error) throw down.error;
    }

    const fifty = new Blob([bytes(50 * MB)], { type: 'application/octet-stream' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const baseline = rssBytes(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssBytes(pid));
    }, 10);
    started = performance.now();
    const big = await storage.upload('fifty.bin', fifty);
    const fiftySeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssBytes(pid));
    if (big.error) throw big.error;

    // 400 px thumbnails of 1600 × 1200 photos (noisy, so encoding costs what a photo's does).
    const photos = createClient(url, keys.serviceRoleKey, { auth: { persistSession: false } }).storage.from('photos');
    const photoCount = 30;
    for (let i = 0; i < photoCount; i++) {
      const jpeg = await sharp({
        create: {
          width: 1600,
          height: 1200,
          channels: 3,
          background: { r: 40 + i * 5, g: 120, b: 200 - i * 4 },
          noise: { type: 'gaussian', mean: 128, sigma: 30 },
        },
      })
        .jpeg({ quality: 85 })
        .toBuffer();
      const { error } = await photos.upload(`p/${i}.jpg`, new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }));
      if (error) throw error;
    }
    const thumb = (i: number) =>
      photos.getPublicUrl(`p/${i}.jpg`, { transform: { width: 400, height: 400, resize: 'cover' } }).data.publicUrl;
    // Timed with Node's keep-alive HTTP client, one request in flight, reading each answer to its
    // end (as bench:rest's load generator): the server's latency, without undici's Fetch objects.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const fetchThumb = (i: number): Promise<number> =>
      new Promise((resolve, reject) => {
        const t = performance.now();
        http
          .get(thumb(i), { agent, headers: { accept: 'image/avif,image/webp,*/*' } }, (response) => {
            let bytes = 0;
            response.on('data', (chunk: Buffer) => (bytes += chunk.length));
            response.on('end', () => {
              const ms = performance.now() - t;
              if (response.statusCode !== 200 || bytes === 0) reject(new Error(`thumbnail ${i}: ${response.statusCode}`));
              else resolve(ms);
            });
          })
          .on('error', reject);
      });
    await fetchThumb(0); // warm sharp up (its first call loads libvips' codecs)
    const cold: number[] = [];
    const cached: number[] = [];
    for (let i = 1; i < photoCount; i++) cold.push(await fetchThumb(i));
    for (let round = 0; round < 10; round++) for (let i = 1; i < photoCount; i++) cached.push(await fetchThumb(i));
    const thumbBytes = (await (await fetch(thumb(1), { headers: { accept: 'image/webp' } })).arrayBuffer()).byteLength;

    const lines = [
      `storage bench — ${cpus().length} cores, Node ${process.version}, PGlite, server as a child process`,
      `  upload   5 MB x${runs}: ${uploadMBs.toFixed(1)} MB/s`,
      `  download 5 MB x${runs}: ${downloadMBs.toFixed(1)} MB/s`,
      `  small objects (1 KB) x100: upload p50 ${percentile(uploads, 50).toFixed(1)} ms, download p50 ${percentile(downloads, 50).toFixed(1)} ms`,
      `  50 MB upload: ${(50 / fiftySeconds).toFixed(1)} MB/s; server RSS ${(baseline / MB).toFixed(1)} MB → peak ${(peak / MB).toFixed(1)} MB, growth ${goals.check('50 MB upload RSS growth', (peak - baseline) / MB, 20, { unit: ' MB', digits: 1 })}`,
      `  400 px thumbnail of a 1600 px JPEG (WebP, ${(thumbBytes / 1024).toFixed(1)} KB): cold p50 ${percentile(cold, 50).toFixed(1)} / p95 ${goals.check('thumbnail cold p95', percentile(cold, 95), 40, { unit: ' ms', digits: 1 })} (x${cold.length}), cached p50 ${percentile(cached, 50).toFixed(1)} / p95 ${goals.check('thumbnail cached p95', percentile(cached, 95), 3, { unit: ' ms', digits: 1 })} (x${cached.length})`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
goals.finish();
