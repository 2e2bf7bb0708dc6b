import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { jsonBody } from '../../lib/route-marks.ts';
import type { AppEnv } from '../../lib/service.ts';
import { callerIdentity, isUuid, resolveCaller } from './caller.ts';
import { findObject, testPermission } from './db.ts';
import { errors } from './errors.ts';
import { mustBeValidKey } from './limits.ts';
import { handle, jsonText, readJsonBody, type StorageDeps } from './request-handling.ts';
import { objectJson } from './routes-objects.ts';
import { canWriteObject, writeObjectRow } from './upload.ts';

function text(body: Record<string, unknown>, name: string, required = true): string {
  const value = body[name];
  if (typeof value === 'string' && value !== '') return value;
  if (required) throw errors.invalidRequest(`body must have required property '${name}'`);
  return '';
}

export function moveRoutes(ctx: StorageDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // moveObject: tested as the caller (SELECT the source, UPDATE it to the destination), then
  // done by the storage admin. The file keeps its version: a rename is a row change only.
  routes.post(
    '/object/move',
    jsonBody,
    handle(ctx, async (c) => {
      const caller = await resolveCaller(ctx.keys, c);
      const body = await readJsonBody(c);
      const bucketId = text(body, 'bucketId');
      const sourceKey = text(body, 'sourceKey');
      const destinationKey = text(body, 'destinationKey');
      const destinationBucket = text(body, 'destinationBucket', false) || bucketId;
      mustBeValidKey(destinationKey);
      const update = `update storage.objects set name = $3, bucket_id = $4, owner = $5, owner_id = $6, updated_at = now()
      where bucket_id = $1 and name = $2 returning id`;
      const params = [
        bucketId,
        sourceKey,
        destinationKey,
        destinationBucket,
        isUuid(caller.owner) ? caller.owner : null,
        caller.owner ?? null,
      ];
      await testPermission(ctx.db, callerIdentity(caller, 'storage.object.move', c), async (tx) => {
        await findObject(tx, bucketId, sourceKey);
        const { rowCount } = await tx.query(update, params);
        if (rowCount === 0) throw errors.noSuchKey();
      });
      const id = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
        const { rows } = await tx.query<{ id: string }>(update, params);
        if (!rows[0]) throw errors.noSuchKey();
        return rows[0].id;
      });
      return c.json({ message: 'Successfully moved', Id: id, Key: destinationKey });
    }),
  );

  // copyObject: the caller must see the source and be allowed to write the destination.
  routes.post(
    '/object/copy',
    jsonBody,
    handle(ctx, async (c) => {
      const caller = await resolveCaller(ctx.keys, c);
      const body = await readJsonBody(c);
      const bucketId = text(body, 'bucketId');
      const sourceKey = text(body, 'sourceKey');
      const destinationKey = text(body, 'destinationKey');
      const destinationBucket = text(body, 'destinationBucket', false) || bucketId;
      const isUpsert = c.req.header('x-upsert') === 'true';
      mustBeValidKey(destinationKey);
      const source = await ctx.db.transaction(
        callerIdentity(caller, 'storage.object.copy', c),
        (tx) => findObject(tx, bucketId, sourceKey),
        { readOnly: true },
      );
      const metadata = { ...(source.metadata ?? {}) };
      const override = body.metadata && typeof body.metadata === 'object' ? (body.metadata as Record<string, unknown>) : {};
      if (body.copyMetadata === false) {
        if (typeof override.cacheControl === 'string') metadata.cacheControl = override.cacheControl;
        if (typeof override.mimetype === 'string') metadata.mimetype = override.mimetype;
      }
      const record = {
        name: destinationKey,
        owner: caller.owner,
        bucketId: destinationBucket,
        version: randomUUID(),
        metadata,
        userMetadata: source.user_metadata ?? undefined,
      };
      await canWriteObject(ctx.db, callerIdentity(caller, 'storage.object.copy', c), record, isUpsert);
      if (!source.version) throw errors.resourceNotFound();
      await ctx.files.copy(source.version, record.version);
      let previous: string | null = null;
      let result: string;
      try {
        result = await ctx.db.transaction({ kind: 'system' }, async (tx) => {
          const { rows } = await tx.query<{ version: string | null }>(
            'select version from storage.objects where bucket_id = $1 and name = $2 for update',
            [destinationBucket, destinationKey],
          );
          previous = rows[0]?.version ?? null;
          const id = await writeObjectRow(tx, record, isUpsert);
          const out = await tx.query<{ j: string }>(
            `select (jsonb_build_object('Id', o.id, 'Key', $2::text) || ${objectJson}::jsonb)::text as j from storage.objects o where o.id = $1`,
            [id, `${destinationBucket}/${destinationKey}`],
          );
          return out.rows[0]?.j ?? '{}';
        });
      } catch (error: unknown) {
        await ctx.files.remove(record.version);
        throw error;
      }
      if (previous) await ctx.files.remove(previous);
      return jsonText(c, result);
    }),
  );

  return routes;
}
