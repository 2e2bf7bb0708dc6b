import { Hono } from 'hono';
import { jsonBody } from '../../lib/route-marks.ts';
import type { AppEnv } from '../../lib/service.ts';
import { callerIdentity, resolveCaller } from './caller.ts';
import { errors } from './errors.ts';
import { isoTime } from './iso-time.ts';
import { handle, jsonText, objectTarget, readJsonBody, type StorageDeps } from './request-handling.ts';

function integer(value: unknown, fallback: number, min: number, name: string): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) throw errors.invalidRequest(`body/${name} must be >= ${min}`);
  return value;
}

function sortOf(body: Record<string, unknown>, columns: string[]): { column: string; order: 'asc' | 'desc' } {
  const sortBy = body.sortBy && typeof body.sortBy === 'object' ? (body.sortBy as Record<string, unknown>) : {};
  const column = typeof sortBy.column === 'string' && columns.includes(sortBy.column) ? sortBy.column : 'name';
  return { column, order: sortBy.order === 'desc' ? 'desc' : 'asc' };
}

/** list-v2 continuation tokens as upstream (object.ts encodeContinuationToken): base64 of `k:v` lines. */
function encodeCursor(parts: Record<string, string | undefined>): string {
  return Buffer.from(
    Object.entries(parts)
      .filter(([, v]) => v)
      .map(([k, v]) => `${k}:${v}`)
      .join('\n'),
  ).toString('base64');
}
function decodeCursor(token: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const line of Buffer.from(token, 'base64').toString().split('\n')) {
    const match = /^(\S):(.*)/.exec(line);
    if (!match || !['l', 'o', 'c', 'a'].includes(match[1] ?? '')) throw errors.invalidParameter('continuation token');
    result[match[1] ?? ''] = match[2] ?? '';
  }
  return result;
}

// Entries of one listing level under $2: files, and with a delimiter ($5) the distinct folders
// ("common prefixes", key ending in '/'), dated by their oldest object as upstream's search_v2.
const entriesSql = `
  with m as (
    select o.*, case when $5 and strpos(substring(o.name from length($2) + 1), '/') > 0
      then left(o.name, length($2) + strpos(substring(o.name from length($2) + 1), '/')) end as folder
    from storage.objects o where o.bucket_id = $1 and starts_with(o.name, $2)
  ), e as (
    select m.folder as key, true as is_folder, null::uuid as id, null::jsonb as metadata, min(m.created_at) as updated_at,
      min(m.created_at) as created_at, null::timestamptz as last_accessed_at
    from m where m.folder is not null group by m.folder
    union all
    select m.name, false, m.id, m.metadata, m.updated_at, m.created_at, m.last_accessed_at from m where m.folder is null
  )`;

/**
 * One list-v2 entry as upstream sends it. With a delimiter (search_v2's rows): `key` is the
 * entry's own segment at the prefix's level, `name` the full path (folders end in '/'), and a
 * folder carries dates only when sorted by one. Without: the object row, no `key`.
 */
function entryJson(withDelimiter: boolean, byColumn: boolean): string {
  const time = (column: string) =>
    byColumn ? isoTime(`e.${column}`) : `case when e.is_folder then null else ${isoTime(`e.${column}`)} end`;
  if (!withDelimiter) {
    return `json_build_object('id', e.id, 'name', e.key, 'metadata', e.metadata, 'updated_at', ${isoTime('e.updated_at')},
      'created_at', ${isoTime('e.created_at')}, 'last_accessed_at', ${isoTime('e.last_accessed_at')})`;
  }
  return `json_build_object('key', split_part(e.key, '/', $7::int), 'name', e.key, 'id', e.id, 'updated_at', ${time('updated_at')},
    'created_at', ${time('created_at')}, 'last_accessed_at', ${isoTime('e.last_accessed_at')}, 'metadata', e.metadata)`;
}

export function listRoutes(ctx: StorageDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // POST /object/list/:bucket → storage.search as the caller (listObjects.ts, object.ts searchObjects).
  routes.post(
    '/object/list/:bucket',
    jsonBody,
    handle(ctx, async (c) => {
      const caller = await resolveCaller(ctx.keys, c);
      const { bucket } = objectTarget(c, '/object/list/');
      const body = await readJsonBody(c);
      let prefix = typeof body.prefix === 'string' ? body.prefix : '';
      if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`;
      const search = typeof body.search === 'string' ? body.search : '';
      const limit = integer(body.limit, 100, 1, 'limit');
      const offset = integer(body.offset, 0, 0, 'offset');
      const sort = sortOf(body, ['name', 'updated_at', 'created_at', 'last_accessed_at']);
      const text = await ctx.db.transaction(
        callerIdentity(caller, 'storage.object.list', c),
        async (tx) => {
          const { rows } = await tx.query<{ j: string }>(
            `select coalesce(json_agg(json_build_object('name', s.name, 'id', s.id, 'updated_at', ${isoTime('s.updated_at')}, 'created_at', ${isoTime('s.created_at')},
           'last_accessed_at', ${isoTime('s.last_accessed_at')}, 'metadata', s.metadata) order by s.ord), '[]')::text as j
         from storage.search($1, $2, $3, $4, $5, $6, $7, $8) with ordinality as s(name, id, updated_at, created_at, last_accessed_at, metadata, ord)`,
            [prefix, bucket, limit, (prefix + search).split('/').length, offset, search, sort.column, sort.order],
          );
          return rows[0]?.j ?? '[]';
        },
        { readOnly: true },
      );
      return jsonText(c, text);
    }),
  );

  // POST /object/list-v2/:bucket → {hasNext, nextCursor, folders, objects} (listObjectsV2.ts).
  routes.post(
    '/object/list-v2/:bucket',
    jsonBody,
    handle(ctx, async (c) => {
      const caller = await resolveCaller(ctx.keys, c);
      const { bucket } = objectTarget(c, '/object/list-v2/');
      const body = await readJsonBody(c);
      const prefix = typeof body.prefix === 'string' ? body.prefix : '';
      const limit = Math.min(integer(body.limit, 1000, 1, 'limit'), 1000);
      const withDelimiter = body.with_delimiter === true;
      const cursor = typeof body.cursor === 'string' && body.cursor !== '' ? decodeCursor(body.cursor) : {};
      const sort = sortOf(body, ['name', 'updated_at', 'created_at']);
      const order = (cursor.o === 'desc' ? 'desc' : cursor.o === 'asc' ? 'asc' : sort.order) as 'asc' | 'desc';
      // The cursor is client input: its column must be one of the sortable ones (it reaches the SQL text).
      const column = cursor.c === undefined ? sort.column : ['name', 'updated_at', 'created_at'].includes(cursor.c) ? cursor.c : null;
      if (column === null) throw errors.invalidParameter('continuation token');
      const op = order === 'asc' ? '>' : '<';
      const after = cursor.l ?? '';
      const byColumn = column !== 'name';
      const pageCondition =
        after === ''
          ? 'true'
          : byColumn
            ? `row(date_trunc('milliseconds', e.${column}), e.key collate "C") ${op} row(coalesce(nullif($6, '')::timestamptz, 'epoch'::timestamptz), $3)`
            : `e.key collate "C" ${op} $3`;
      const orderBy = byColumn ? `e.${column} ${order}, e.key collate "C" ${order}` : `e.key collate "C" ${order}`;
      const rows = await ctx.db.transaction(
        callerIdentity(caller, 'storage.object.list', c),
        async (tx) => {
          const result = await tx.query<{ key: string; is_folder: boolean; j: string; sort_value: string | null }>(
            `${entriesSql}
         select e.key, e.is_folder, ${entryJson(withDelimiter, byColumn)}::text as j,
           ${byColumn ? `to_char(e.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : 'null'} as sort_value
         from e where ${pageCondition} and $3::text is not null and $6::text is not null and $7::int is not null
         order by ${orderBy} limit $4`,
            [bucket, prefix, after, limit + 1, withDelimiter, cursor.a ?? '', prefix === '' ? 1 : prefix.split('/').length],
          );
          return result.rows;
        },
        { readOnly: true },
      );
      const hasNext = rows.length > limit;
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      const nextCursor =
        hasNext && last
          ? encodeCursor({ l: last.key, o: order, c: byColumn ? column : undefined, a: last.sort_value ?? undefined })
          : undefined;
      const folders = page.filter((r) => r.is_folder).map((r) => r.j);
      const objects = page.filter((r) => !r.is_folder).map((r) => r.j);
      const text = `{"hasNext":${hasNext},${nextCursor ? `"nextCursor":${JSON.stringify(nextCursor)},"nextCursorKey":${JSON.stringify(last?.key)},` : ''}"folders":[${folders.join(',')}],"objects":[${objects.join(',')}]}`;
      return jsonText(c, text);
    }),
  );

  return routes;
}
