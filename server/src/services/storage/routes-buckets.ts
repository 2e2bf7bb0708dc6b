import { Hono } from 'hono';
import { jsonBody } from '../../lib/route-marks.ts';
import type { AppEnv } from '../../lib/service.ts';
import { callerIdentity, isUuid, resolveCaller } from './caller.ts';
import { allowDeletes } from './db.ts';
import { errors, hasSqlState } from './errors.ts';
import { isoTime } from './iso-time.ts';
import { mustBeValidBucketName, mustBeValidMimeTypes, parseFileSizeToBytes } from './limits.ts';
import { handle, jsonText, readJsonBody, type StorageDeps } from './request-handling.ts';

const bucketJson = (withType: boolean) => `json_build_object('id', b.id, 'name', b.name, 'owner', b.owner, 'public', b.public,
  'file_size_limit', b.file_size_limit, 'allowed_mime_types', b.allowed_mime_types${withType ? ", 'type', b.type" : ''},
  'created_at', ${isoTime('b.created_at')}, 'updated_at', ${isoTime('b.updated_at')})`;

/** `file_size_limit` as the API takes it: bytes, "20MB", or null; never above the global limit. */
function fileSizeLimit(ctx: StorageDeps, value: unknown): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const bytes = typeof value === 'number' ? value : typeof value === 'string' ? parseFileSizeToBytes(value) : Number.NaN;
  if (!Number.isFinite(bytes) || bytes < 0) throw errors.invalidFileSizeLimit();
  if (bytes > ctx.globalLimit) throw errors.entityTooLarge();
  return bytes;
}

function mimeTypes(value: unknown): string[] | null | undefined {
  if (value === undefined || value === null) return value;
  if (!Array.isArray(value)) throw errors.invalidRequest('body/allowed_mime_types must be array');
  const list = value.filter((m): m is string => typeof m === 'string' && m !== '');
  mustBeValidMimeTypes(list);
  return list;
}

export function bucketRoutes(ctx: StorageDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // getAllBuckets.ts: the buckets the caller's RLS lets it see.
  routes.get(
    '/bucket',
    handle(ctx, async (c) => {
      const caller = await resolveCaller(ctx.keys, c);
      const params: unknown[] = [];
      const where: string[] = [];
      const search = c.req.query('search');
      if (search) {
        params.push(`%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
        where.push(`b.name ilike $${params.length}`);
      }
      const sortColumn = c.req.query('sortColumn');
      const order =
        sortColumn && ['id', 'name', 'created_at', 'updated_at'].includes(sortColumn)
          ? `order by b.${sortColumn} ${c.req.query('sortOrder') === 'desc' ? 'desc' : 'asc'}`
          : '';
      let page = '';
      for (const key of ['limit', 'offset'] as const) {
        const raw = c.req.query(key);
        if (raw === undefined) continue;
        const n = Number(raw);
        if (!Number.isInteger(n) || n < (key === 'limit' ? 1 : 0)) throw errors.invalidRequest(`querystring/${key} must be integer`);
        params.push(n);
        page += ` ${key} $${params.length}`;
      }
      const text = await ctx.db.transaction(
        callerIdentity(caller, 'storage.bucket.list', c),
        async (tx) => {
          const { rows } = await tx.query<{ j: string }>(
            `select coalesce(json_agg(x.j order by x.n), '[]')::text as j from (
           select ${bucketJson(true)} as j, row_number() over () as n from storage.buckets b
           ${where.length ? `where ${where.join(' and ')}` : ''} ${order} ${page}) x`,
            params,
          );
          return rows[0]?.j ?? '[]';
        },
        { readOnly: true },
      );
      return jsonText(c, text);
    }),
  );

  // getBucket.ts selects the bucket without its type; the list (getAllBuckets.ts) includes it.
  routes.get(
    '/bucket/:id',
    handle(ctx, async (c) => {
      const caller = await resolveCaller(ctx.keys, c);
      const id = c.req.param('id');
      const text = await ctx.db.transaction(
        callerIdentity(caller, 'storage.bucket.get', c),
        async (tx) => {
          const { rows } = await tx.query<{ j: string }>(`select ${bucketJson(false)}::text as j from storage.buckets b where b.id = $1`, [
            id,
          ]);
          return rows[0]?.j;
        },
        { readOnly: true },
      );
      if (!text) throw errors.noSuchBucket();
      return jsonText(c, text);
    }),
  );

  // createBucket.ts + storage.ts createBucket: validated, then an INSERT as the caller.
  routes.post(
    '/bucket',
    jsonBody,
    handle(ctx, async (c) => {
      const caller = await resolveCaller(ctx.keys, c);
      const body = await readJsonBody(c);
      const name = typeof body.name === 'string' ? body.name : undefined;
      if (name === undefined) throw errors.invalidRequest("body must have required property 'name'");
      const id = typeof body.id === 'string' && body.id !== '' ? body.id : name;
      mustBeValidBucketName(name);
      if (body.type !== undefined && body.type !== 'STANDARD')
        throw errors.invalidRequest('body/type must be equal to one of the allowed values');
      const limit = fileSizeLimit(ctx, body.file_size_limit);
      const mimes = mimeTypes(body.allowed_mime_types);
      await ctx.db.transaction(callerIdentity(caller, 'storage.bucket.create', c), async (tx) => {
        try {
          await tx.query(
            `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types) values ($1, $2, $3, $4, $5, $6, $7)`,
            [
              id,
              name,
              isUuid(caller.owner) ? caller.owner : null,
              caller.owner ?? null,
              body.public === true,
              limit ?? null,
              mimes ?? null,
            ],
          );
        } catch (error: unknown) {
          if (hasSqlState(error, '23505')) throw errors.bucketAlreadyExists();
          throw error;
        }
      });
      return c.json({ name });
    }),
  );

  routes.put(
    '/bucket/:id',
    jsonBody,
    handle(ctx, async (c) => {
      const caller = await resolveCaller(ctx.keys, c);
      const id = c.req.param('id');
      mustBeValidBucketName(id);
      const body = await readJsonBody(c);
      const sets: string[] = [];
      const params: unknown[] = [id];
      if (typeof body.public === 'boolean') {
        params.push(body.public);
        sets.push(`public = $${params.length}`);
      }
      const limit = fileSizeLimit(ctx, body.file_size_limit);
      if (limit !== undefined) {
        params.push(limit);
        sets.push(`file_size_limit = $${params.length}`);
      }
      const mimes = mimeTypes(body.allowed_mime_types);
      if (mimes !== undefined) {
        params.push(mimes);
        sets.push(`allowed_mime_types = $${params.length}`);
      }
      if (sets.length === 0) throw errors.noContentProvided();
      const updated = await ctx.db.transaction(callerIdentity(caller, 'storage.bucket.update', c), (tx) =>
        tx.query(`update storage.buckets set ${sets.join(', ')}, updated_at = now() where id = $1`, params),
      );
      if (updated.rowCount === 0) throw errors.noSuchBucket();
      return c.json({ message: 'Successfully updated' });
    }),
  );

  // emptyBucket: service role only since storage #1334; the objects go at once (upstream queues them).
  routes.post(
    '/bucket/:id/empty',
    jsonBody,
    handle(ctx, async (c) => {
      const caller = await resolveCaller(ctx.keys, c);
      if (!caller.isAuthenticated) throw errors.accessDenied('Access denied: JWT is not authenticated', 403);
      if (caller.role !== 'service_role') throw errors.accessDenied('Access denied: Invalid role', 403);
      const id = c.req.param('id');
      const versions = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
        const found = await tx.query('select 1 from storage.buckets where id = $1', [id]);
        if (found.rowCount === 0) throw errors.noSuchBucket();
        await allowDeletes(tx);
        const { rows } = await tx.query<{ version: string | null }>('delete from storage.objects where bucket_id = $1 returning version', [
          id,
        ]);
        return rows;
      });
      for (const row of versions) await ctx.files.remove(row.version);
      return c.json({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
    }),
  );

  // deleteBucket: must exist and be empty; the DELETE itself runs as the caller.
  routes.delete(
    '/bucket/:id',
    jsonBody,
    handle(ctx, async (c) => {
      const caller = await resolveCaller(ctx.keys, c);
      const id = c.req.param('id');
      const state = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
        const { rows } = await tx.query<{ objects: boolean }>(
          'select exists (select 1 from storage.objects o where o.bucket_id = b.id) as objects from storage.buckets b where b.id = $1',
          [id],
        );
        return rows[0];
      });
      if (!state) throw errors.noSuchBucket();
      if (state.objects) throw errors.bucketNotEmpty();
      const deleted = await ctx.db.transaction(callerIdentity(caller, 'storage.bucket.delete', c), (tx) =>
        tx.query('delete from storage.buckets where id = $1', [id]),
      );
      if (deleted.rowCount === 0) throw errors.noSuchBucket();
      return c.json({ message: 'Successfully deleted' });
    }),
  );

  return routes;
}
