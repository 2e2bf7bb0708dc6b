import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Database, QueryResult, Tx } from '../../db/types.ts';
import { TableCatalog } from './table-catalog.ts';

/**
 * A database with one published table whose columns the test changes, as `alter table` would,
 * and whose reads of columns or privileges the test can hold until it lets them answer.
 */
function catalogDatabase() {
  const state = { columns: ['id', 'v'], holdColumns: false, holdPrivileges: false };
  const held: Array<() => void> = [];
  const wait = async (hold: boolean) => {
    if (hold) await new Promise<void>((resolve) => held.push(resolve));
  };
  const result = <Row>(rows: Row[]): QueryResult<Row> => ({ rows }) as unknown as QueryResult<Row>;
  const tx: Tx = {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      if (sql.includes('realtime_sync_capture')) return result<Row>([]);
      if (sql.includes('pg_publication_tables')) return result([{ schemaname: 'public', tablename: 'late' }] as Row[]);
      if (sql.includes('pg_catalog.pg_class c')) return result([{ oid: 1, relreplident: 'd', relrowsecurity: false }] as Row[]);
      if (sql.includes('pg_attribute')) {
        const columns = [...state.columns];
        await wait(state.holdColumns);
        return result(columns.map((name) => ({ name, typname: 'text', sql_type: 'text', is_pkey: name === 'id' })) as Row[]);
      }
      if (sql.includes('has_column_privilege')) {
        await wait(state.holdPrivileges);
        return result((params[2] as string[]).map((name) => ({ name })) as Row[]);
      }
      throw new Error(`unexpected statement: ${sql}`);
    },
    exec: () => Promise.resolve(),
  };
  const db = {
    backend: 'postgres',
    transaction: <T>(_who: unknown, fn: (tx: Tx) => Promise<T>) => fn(tx),
    listen: () => Promise.resolve(() => Promise.resolve()),
    close: () => Promise.resolve(),
  } as unknown as Database;
  const released = async () => {
    while (held.length === 0) await new Promise((resolve) => setImmediate(resolve));
    held.shift()?.();
  };
  return { db, state, released };
}

test('a role’s columns worked out while the catalog was refreshed are not used for the table’s next shape', async () => {
  const { db, state, released } = catalogDatabase();
  const catalog = new TableCatalog(db);
  await catalog.refresh();
  const before = await catalog.table('public', 'late');
  assert.ok(before);
  // A change is being judged: the role's columns are being read when a schema reload drops the catalog.
  state.holdPrivileges = true;
  const judging = catalog.selectable(before, 'anon');
  await catalog.refresh();
  await released();
  assert.deepEqual([...(await judging)], ['id', 'v']);
  state.holdPrivileges = false;
  // Then a column is added, and the next change carries it.
  state.columns = ['id', 'v', 'n'];
  const after = await catalog.table('public', 'late');
  assert.deepEqual(
    after?.columns.map((c) => c.name),
    ['id', 'v', 'n'],
  );
  assert.deepEqual([...(await catalog.selectable(after, 'anon'))], ['id', 'v', 'n']);
});

test('a table’s shape read across a refresh is answered but not kept', async () => {
  const { db, state, released } = catalogDatabase();
  const catalog = new TableCatalog(db);
  await catalog.refresh();
  state.holdColumns = true;
  const reading = catalog.table('public', 'late');
  await catalog.refresh();
  state.columns = ['id', 'v', 'n'];
  await released();
  assert.deepEqual(
    (await reading)?.columns.map((c) => c.name),
    ['id', 'v'],
  );
  state.holdColumns = false;
  assert.deepEqual(
    (await catalog.table('public', 'late'))?.columns.map((c) => c.name),
    ['id', 'v', 'n'],
  );
});
