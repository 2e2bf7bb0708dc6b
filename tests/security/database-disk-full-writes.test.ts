/**
 * A full disk is not an outage (embedded database). PGlite answers a table that cannot grow
 * with PostgreSQL's 53100 and carries on, but a write-ahead-log file it cannot create stops
 * it (the next query never returns), so writes are refused while less than the reserve is
 * free. Through supabase-js on a small tmpfs (the tests run as root, locally and in CI):
 * writes fill the disk until each service answers 507 in its own shape, reads keep working,
 * writes resume once space returns with no restart, and every acknowledged write is there
 * after one.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { embeddedWriteReserveBytes } from '../../server/src/db/disk-space.ts';
import { silentLogger } from '../../server/src/lib/log.ts';
import { startServer, type RunningServer } from '../../server/src/server.ts';
import { repoRoot } from '../support/server.ts';

const table = 'disk_fill';
const mb = 2 ** 20;

describe('the embedded database on a disk that fills up', { timeout: 600_000 }, () => {
  const disk = mkdtempSync(path.join(tmpdir(), 'pinstar-filling-disk-'));
  const dataDir = path.join(disk, 'data');
  let mounted = false;
  let server: RunningServer | null = null;
  const acknowledged: number[] = [];

  const start = () =>
    startServer({
      projectDir: path.join(repoRoot, 'supabase'),
      port: 0,
      dataDir,
      webDist: null,
      env: { ...process.env, DATABASE_URL: '' },
      log: silentLogger,
      override: { logRequests: false, seed: false },
    });
  const options = { auth: { persistSession: false, autoRefreshToken: false } };
  const service = (): SupabaseClient => createClient(server!.url, server!.keys.serviceRoleKey, options);
  const anon = (): SupabaseClient => createClient(server!.url, server!.keys.anonKey, options);
  const free = () => {
    const stats = statfsSync(disk);
    return stats.bavail * stats.bsize;
  };
  /** The disk's size set to what is used now plus `room`: tmpfs resizes in place, files kept. */
  const resize = (room: number) => {
    const stats = statfsSync(disk);
    const used = (stats.blocks - stats.bfree) * stats.bsize;
    execFileSync('mount', ['-o', `remount,size=${Math.ceil((used + room) / mb)}m`, disk]);
  };
  /** One row of incompressible text (PostgreSQL compresses what it can). */
  const insertRow = () =>
    service()
      .from(table)
      .insert({ body: randomBytes(100 * 1024).toString('hex') })
      .select('id')
      .single();

  before(async () => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1g', 'tmpfs', disk]);
    mounted = true;
    server = await start();
    await server.db.transaction({ kind: 'system' }, (tx) =>
      tx.exec(`
        create table public.${table} (id int generated always as identity primary key, body text not null);
        grant select on public.${table} to anon;
        grant all on public.${table} to service_role;
        create function public.${table}_add(body text) returns int language sql volatile
          as $$ insert into public.${table} (body) values (body) returning id $$;
        grant execute on function public.${table}_add(text) to service_role;
        notify pgrst, 'reload schema';
      `),
    );
    // A confirmed account, to sign in with once the disk is full.
    const created = await service().auth.admin.createUser({
      email: 'before-full@example.com',
      password: 'a-long-member-password',
      email_confirm: true,
    });
    assert.equal(created.error, null);
  });
  after(async () => {
    await server?.close().catch(() => undefined);
    if (mounted) execFileSync('umount', ['--lazy', disk]);
    rmSync(disk, { recursive: true, force: true });
  });

  test('writes until the disk is full: REST answers 507 in PostgREST shape, and every acknowledged row is kept', async () => {
    // Room for a few megabytes of rows above the reserve.
    resize(embeddedWriteReserveBytes + 6 * mb);
    let refused: Awaited<ReturnType<typeof insertRow>> | null = null;
    for (let i = 0; i < 200 && !refused; i++) {
      const answer = await insertRow();
      if (answer.error) refused = answer;
      else acknowledged.push(answer.data.id as number);
    }
    assert.ok(refused, 'the disk never filled');
    assert.ok(acknowledged.length >= 5, `${acknowledged.length} rows fit`);
    assert.equal(refused.status, 507);
    const error = refused.error as unknown as { code: string; message: string; details: unknown; hint: string };
    assert.equal(error.code, '53100');
    assert.match(
      error.message,
      /^could not write: no space left on the disk holding the database \(\d+\.\d MB free, writes need 32\.0 MB\)$/,
    );
    assert.match(error.hint, /Free some space/);
    assert.ok(free() > 16 * mb, 'the engine kept room for its log');

    // An RPC that writes is refused the same way.
    const rpc = await service().rpc(`${table}_add`, { body: 'small' });
    assert.equal(rpc.status, 507, JSON.stringify(rpc.error));
    assert.equal((rpc.error as { code: string } | null)?.code, '53100');
  });

  test('on the full disk reads keep working, and auth and storage writes get 507 in their own shapes', async () => {
    const read = await anon().from(table).select('id').order('id');
    assert.equal(read.error, null, JSON.stringify(read.error));
    assert.deepEqual(
      read.data?.map((row) => row.id),
      acknowledged,
    );

    // GoTrue's shape: {code, error_code, msg}; supabase-js reads the code and the status.
    const signIn = await anon().auth.signInWithPassword({ email: 'before-full@example.com', password: 'a-long-member-password' });
    assert.equal(signIn.error?.status, 507);
    assert.equal(signIn.error?.code, 'insufficient_storage');
    const raw = await fetch(`${server!.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: server!.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'while-full@example.com', password: 'a-long-member-password' }),
    });
    assert.equal(raw.status, 507);
    assert.deepEqual(await raw.json(), {
      code: 507,
      error_code: 'insufficient_storage',
      msg: 'There is no space left on the server to save this change',
    });

    // Storage's shape: {statusCode, error, message}.
    const bucket = await service().storage.createBucket('while-full');
    assert.equal((bucket.error as unknown as { status?: number; statusCode?: string } | null)?.statusCode, '507');
    const rawBucket = await fetch(`${server!.url}/storage/v1/bucket`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server!.keys.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'while-full-raw' }),
    });
    assert.equal(rawBucket.status, 507);
    assert.deepEqual(await rawBucket.json(), {
      statusCode: '507',
      code: 'InsufficientStorage',
      error: 'Insufficient Storage',
      message: 'There is no space left to store the object',
    });
  });

  test('once space returns, writes resume without a restart', async () => {
    resize(embeddedWriteReserveBytes + 64 * mb);
    const answer = await insertRow();
    assert.equal(answer.error, null, JSON.stringify(answer.error));
    acknowledged.push(answer.data!.id as number);
    const signIn = await anon().auth.signInWithPassword({ email: 'before-full@example.com', password: 'a-long-member-password' });
    assert.equal(signIn.error, null);
  });

  test('after a restart every acknowledged row is there', async () => {
    await server!.close();
    server = null;
    server = await start();
    const read = await anon().from(table).select('id').order('id');
    assert.equal(read.error, null, JSON.stringify(read.error));
    assert.deepEqual(
      read.data?.map((row) => row.id),
      acknowledged,
    );
  });

  test('a disk filled by someone else mid-write stops the engine: it is reopened once space returns, nothing acknowledged lost', async () => {
    // Past the reserve check, another process takes all but 1 MB; the log then needs a new
    // segment (pg_switch_wal until no recycled one is left) and PostgreSQL PANICs on it.
    const filler = path.join(disk, 'filler');
    await assert.rejects(
      server!.db.transaction({ kind: 'system' }, async (tx) => {
        execFileSync('fallocate', ['-l', String(Math.max(0, free() - mb)), filler]);
        for (let i = 0; i < 20; i++) {
          await tx.query(`insert into public.${table} (body) values ('unacknowledged')`);
          await tx.query('select pg_switch_wal()');
        }
      }),
      (error: unknown) => {
        assert.match(String((error as Error).message), /pg_wal\//);
        assert.equal((error as { code?: string }).code, '53100');
        return true;
      },
    );
    // The engine cannot be reopened on this disk: every request is told the disk is full.
    const whileFull = await anon().from(table).select('id');
    assert.equal(whileFull.status, 507, JSON.stringify(whileFull.error));
    assert.equal((whileFull.error as { code: string } | null)?.code, '53100');

    rmSync(filler);
    const read = await anon().from(table).select('id').order('id');
    assert.equal(read.error, null, JSON.stringify(read.error));
    assert.deepEqual(
      read.data?.map((row) => row.id),
      acknowledged,
    );
    const write = await insertRow();
    assert.equal(write.error, null, JSON.stringify(write.error));
  });
});
