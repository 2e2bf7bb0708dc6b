import { Hono } from 'hono';
import { jsonBody, uploadBody } from '../../lib/route-marks.ts';
import type { AppEnv } from '../../lib/service.ts';
import { callerIdentity, resolveCaller, type Caller } from './caller.ts';
import { findBucketAsAdmin, findObject, type ObjectRow } from './db.ts';
import { errors } from './errors.ts';
import { isoTime } from './iso-time.ts';
import { mustBeValidKey } from './limits.ts';
import { renderAsset } from './render.ts';
import { handle, jsonText, objectTarget, readJsonBody, type StorageDeps } from './request-handling.ts';
import { uploadFromRequest } from './upload.ts';

const infoJson = `json_build_object('id', o.id, 'name', o.name, 'version', o.version, 'bucket_id', o.bucket_id,
  'size', o.metadata->'size', 'content_type', o.metadata->'mimetype', 'cache_control', o.metadata->'cacheControl',
  'etag', o.metadata->'eTag', 'metadata', o.user_metadata, 'last_modified', ${isoTime('o.updated_at')}, 'created_at', ${isoTime('o.created_at')})::text`;

export const objectJson = `json_build_object('bucket_id', o.bucket_id, 'name', o.name, 'owner', o.owner, 'owner_id', o.owner_id,
  'version', o.version, 'id', o.id, 'updated_at', ${isoTime('o.updated_at')}, 'created_at', ${isoTime('o.created_at')}, 'last_accessed_at', ${isoTime('o.last_accessed_at')},
  'metadata', o.metadata, 'user_metadata', o.user_metadata)`;

/**
 * Reads an object the way getObject/getObjectInfo do: public buckets (and `public` routes) read
 * as the storage admin; otherwise a SELECT as the caller decides. An anonymous request to a
 * private bucket is told the bucket does not exist.
 */
async function readObject(
  ctx: StorageDeps,
  c: Parameters<typeof objectTarget>[0],
  caller: Caller,
  bucketId: string,
  key: string,
  publicRoute: boolean,
  sql?: string,
): Promise<{ row: ObjectRow; extra: string | null }> {
  const bucket = await findBucketAsAdmin(ctx.db, bucketId);
  if (!bucket || ((publicRoute || !caller.isAuthenticated) && !bucket.public)) throw errors.noSuchBucket();
  mustBeValidKey(key);
  const who = bucket.public ? ({ kind: 'system' } as const) : callerIdentity(caller, 'storage.object.get', c);
  return ctx.db.transaction(
    who,
    async (tx) => {
      const row = await findObject(tx, bucketId, key);
      const extra = sql
        ? ((await tx.query<{ j: string }>(`select ${sql} as j from storage.objects o where o.id = $1`, [row.id])).rows[0]?.j ?? null)
        : null;
      return { row, extra };
    },
    { readOnly: true },
  );
}

export function objectRoutes(ctx: StorageDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const deps = { db: ctx.db, files: ctx.files, globalLimit: ctx.globalLimit };

  for (const [route, publicRoute, allowInvalidJwt] of [
    ['/object/info/public/', true, true],
    ['/object/info/authenticated/', false, false],
    ['/object/info/', false, true],
  ] as const) {
    routes.get(
      `${route}:bucket/*`,
      handle(ctx, async (c) => {
        const caller = await resolveCaller(ctx.keys, c, { allowInvalidJwt });
        const { bucket, key } = objectTarget(c, route);
        const { extra } = await readObject(ctx, c, caller, bucket, key, publicRoute, infoJson);
        return jsonText(c, extra ?? '{}');
      }),
    );
  }

  for (const [route, publicRoute, allowInvalidJwt] of [
    ['/object/public/', true, true],
    ['/object/authenticated/', false, false],
    ['/object/', false, true],
  ] as const) {
    const read = handle(ctx, async (c) => {
      const caller = await resolveCaller(ctx.keys, c, { allowInvalidJwt });
      const { bucket, key } = objectTarget(c, route);
      const { row } = await readObject(ctx, c, caller, bucket, key, publicRoute);
      return renderAsset(c, ctx.files, row);
    });
    // Hono answers HEAD with the GET route (body dropped); renderAsset skips the file read for it.
    routes.get(`${route}:bucket/*`, read);
  }

  const upload = (isUpdate: boolean) =>
    handle(ctx, async (c) => {
      const caller = await resolveCaller(ctx.keys, c);
      const { bucket, key } = objectTarget(c, '/object/');
      const isUpsert = isUpdate || c.req.header('x-upsert') === 'true';
      const operation = isUpdate ? 'storage.object.update' : 'storage.object.upload';
      const result = await uploadFromRequest(deps, c.env.incoming, {
        bucketId: bucket,
        objectName: key,
        owner: caller.owner,
        isUpsert,
        caller: callerIdentity(caller, operation, c),
      });
      return c.json({ Id: result.id, Key: result.key });
    });
  routes.post('/object/:bucket/*', uploadBody, upload(false));
  routes.put('/object/:bucket/*', uploadBody, upload(true));

  // deleteObjects: rows the caller may delete are removed and returned; others are silently skipped.
  routes.delete(
    '/object/:bucket',
    jsonBody,
    handle(ctx, async (c) => {
      const caller = await resolveCaller(ctx.keys, c);
      const bucket = objectTarget(c, '/object/').bucket;
      const body = await readJsonBody(c);
      const prefixes = Array.isArray(body.prefixes) ? body.prefixes.filter((p): p is string => typeof p === 'string') : [];
      if (prefixes.length === 0) throw errors.invalidRequest("body must have required property 'prefixes'");
      if (prefixes.length > 1000) throw errors.invalidRequest('Bulk object requests are limited to 1000 objects per request.');
      const deleted = await ctx.db.transaction(callerIdentity(caller, 'storage.object.delete_many', c), async (tx) => {
        const { rows } = await tx.query<{ version: string | null; j: unknown }>(
          `delete from storage.objects o where o.bucket_id = $1 and o.name = any($2::text[]) returning o.version, ${objectJson}::text as j`,
          [bucket, prefixes],
        );
        return rows;
      });
      for (const row of deleted) await ctx.files.remove(row.version);
      return jsonText(c, `[${deleted.map((r) => String(r.j)).join(',')}]`);
    }),
  );

  // deleteObject: the row must exist (NoSuchKey); the DELETE as the caller must remove it (else AccessDenied).
  routes.delete(
    '/object/:bucket/*',
    jsonBody,
    handle(ctx, async (c) => {
      const caller = await resolveCaller(ctx.keys, c);
      const { bucket, key } = objectTarget(c, '/object/');
      mustBeValidKey(key);
      const found = await ctx.db.transaction({ kind: 'system' }, (tx) =>
        tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, key]),
      );
      if (found.rowCount === 0) throw errors.noSuchKey();
      const deleted = await ctx.db.transaction(callerIdentity(caller, 'storage.object.delete', c), async (tx) => {
        const { rows } = await tx.query<{ version: string | null }>(
          'delete from storage.objects where bucket_id = $1 and name = $2 returning version',
          [bucket, key],
        );
        return rows;
      });
      if (deleted.length === 0) throw errors.accessDenied('Access denied');
      for (const row of deleted) await ctx.files.remove(row.version);
      return c.json({ message: 'Successfully deleted' });
    }),
  );

  return routes;
}
