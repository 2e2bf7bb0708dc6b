import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import { MigrationError } from '../../server/src/db/migrate.ts';
import { pgliteExtensionNames } from '../../server/src/db/pglite-extensions.ts';
import { silentLogger } from '../../server/src/lib/log.ts';
import { startServer } from '../../server/src/server.ts';
import { startTestServer, testBackends } from '../support/server.ts';

/** A throwaway project folder with one migration. */
function projectWith(sql: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pinstar-ext-'));
  mkdirSync(path.join(dir, 'migrations'));
  writeFileSync(path.join(dir, 'config.toml'), 'project_id = "extensions"\n');
  writeFileSync(path.join(dir, 'migrations', '20260101000000_extensions.sql'), sql);
  return dir;
}

if (testBackends().includes('pglite')) {
  test('PGlite: every extension the installed PGlite ships can be created by a migration', async () => {
    const sql = pgliteExtensionNames()
      .map((name) => `create extension if not exists "${name}" with schema extensions;`)
      .join('\n');
    const server = await startTestServer('pglite', { project: projectWith(sql) });
    try {
      const installed = await server.db.transaction({ kind: 'system' }, async (tx) => {
        const { rows } = await tx.query<{ extname: string }>('select extname from pg_extension order by extname');
        return rows.map((r) => r.extname);
      });
      for (const name of pgliteExtensionNames()) assert.ok(installed.includes(name), `${name} installed`);
    } finally {
      await server.close();
    }
  });

  test('PGlite: an extension it does not ship stops the boot with the file, the statement and what it ships', async () => {
    const project = projectWith(
      'create table public.shops (id int primary key);\ncreate extension if not exists postgis schema extensions;\n',
    );
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-ext-data-'));
    await assert.rejects(
      startServer({ projectDir: project, port: 0, dataDir, webDist: null, env: { ...process.env, DATABASE_URL: '' }, log: silentLogger }),
      (error: unknown) => {
        assert.ok(error instanceof MigrationError);
        assert.equal(error.file, path.join('migrations', '20260101000000_extensions.sql'));
        assert.match(error.message, /0A000: extension "postgis" is not available/);
        assert.match(error.message, /migrations\/20260101000000_extensions\.sql:2 failed: 0A000/);
        assert.match(error.message, /statement \(line 2\):\n {2}create extension if not exists postgis schema extensions;/);
        assert.match(error.message, /PGlite does not ship "postgis"\. Extensions it ships: .*\bpg_trgm\b.*\buuid-ossp\b/);
        assert.match(error.message, /run on PostgreSQL \(DATABASE_URL\) with the extension installed/);
        return true;
      },
    );
  });
}

for (const backend of testBackends()) {
  test(`${backend}: pgvector — a vector column, an index and a nearest-neighbour RPC through supabase-js`, async () => {
    const server = await startTestServer(backend, {
      project: projectWith(`create extension if not exists vector with schema extensions;
create table public.documents (id int primary key, title text not null, embedding extensions.vector(3) not null);
create index on public.documents using hnsw (embedding extensions.vector_cosine_ops);
insert into public.documents values
  (1, 'Coffee near the river', '[0.9, 0.1, 0.0]'),
  (2, 'Quiet park bench', '[0.0, 0.2, 0.9]'),
  (3, 'Espresso bar', '[0.8, 0.3, 0.1]');
create function public.match_documents(query extensions.vector(3), match_count int)
returns table (id int, title text, distance float8)
language sql stable set search_path = public, extensions as $$
  select id, title, embedding <=> query from public.documents order by embedding <=> query limit match_count
$$;
grant select on public.documents to anon;
grant execute on function public.match_documents to anon;
`),
    });
    try {
      const client = createClient(server.url, server.anonKey, { auth: { persistSession: false } });
      const { data, error } = await client.rpc('match_documents', { query: '[1, 0.2, 0]', match_count: 2 });
      assert.equal(error, null);
      assert.deepEqual(
        (data as { title: string }[]).map((row) => row.title),
        ['Coffee near the river', 'Espresso bar'],
      );
      const rows = await client.from('documents').select('id, embedding').eq('id', 2).single();
      assert.equal(rows.error, null);
      assert.equal(rows.data?.embedding, '[0,0.2,0.9]');
    } finally {
      await server.close();
    }
  });
}

if (testBackends().includes('postgres')) {
  test('PostgreSQL: PostGIS from its Debian package; GeoJSON through ST_AsGeoJSON', async () => {
    const server = await startTestServer('postgres', {
      project: projectWith(`create extension if not exists postgis schema extensions;
create table public.shops (id int primary key, address text, spot extensions.geometry(Point, 4326));
grant select on public.shops to anon;
insert into public.shops values (1, 'Market Street 1', 'SRID=4326;POINT(-71.1 42.37)');
`),
    });
    try {
      const res = await fetch(`${server.url}/rest/v1/shops?select=*`, {
        headers: { apikey: server.anonKey, Accept: 'application/geo+json' },
      });
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [-71.1, 42.37] },
            properties: { id: 1, address: 'Market Street 1' },
          },
        ],
      });
    } finally {
      await server.close();
    }
  });

  test('PostgreSQL: a missing extension stops the boot and says to install it', async () => {
    const { createTestDatabase } = await import('../support/databases.ts');
    const database = await createTestDatabase();
    try {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-ext-data-'));
      await assert.rejects(
        startServer({
          projectDir: projectWith('create extension no_such_extension;\n'),
          port: 0,
          dataDir,
          webDist: null,
          env: { ...process.env, DATABASE_URL: database.url },
          log: silentLogger,
        }),
        (error: unknown) => {
          assert.ok(error instanceof MigrationError);
          assert.match(error.message, /extension "no_such_extension" is not available/);
          assert.match(error.message, /statement \(line 1\):\n {2}create extension no_such_extension;/);
          assert.match(error.message, /Install the extension on the PostgreSQL server/);
          return true;
        },
      );
    } finally {
      await database.drop();
    }
  });
}
