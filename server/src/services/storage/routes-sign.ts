import { Hono } from 'hono';
import { jsonBody, uploadBody } from '../../lib/route-marks.ts';
import type { AppEnv } from '../../lib/service.ts';
import { callerIdentity, resolveCaller } from './caller.ts';
import { findObject } from './db.ts';
import { errors } from './errors.ts';
import { mustBeValidKey } from './limits.ts';
import { renderAsset } from './render.ts';
import { handle, jsonText, objectTarget, readJsonBody, type StorageDeps } from './request-handling.ts';
import { mustBeExpiresIn, signToken, verifyToken } from './signed-urls.ts';
import { parseTransformOptions, transformationSegments } from './transform-options.ts';
import { drainRequest } from './upload-source.ts';
import { canWriteObject, uploadFromRequest } from './upload.ts';

/**
 * The claims a signed URL's `transform` adds to its token, as getSignedURL.ts + signObjectUrl:
 * `transformations` (segments as given) and `format`, each only when not empty.
 */
function signedTransform(raw: unknown): { transformations?: string; format?: string } {
  const options = parseTransformOptions(raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {}, 'body/transform');
  const transformations = transformationSegments(options, true).join(',');
  return { ...(transformations ? { transformations } : {}), ...(options.format ? { format: options.format } : {}) };
}

/** Signed upload URLs live two hours, upstream's default `UPLOAD_SIGNED_URL_EXPIRATION_TIME`. */
const uploadUrlSeconds = 7200;

export function signRoutes(ctx: StorageDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const deps = { db: ctx.db, files: ctx.files, globalLimit: ctx.globalLimit };

  // getSignedURLs.ts: one entry per path, an error for those the caller cannot see.
  routes.post(
    '/object/sign/:bucket',
    jsonBody,
    handle(ctx, async (c) => {
      const caller = await resolveCaller(ctx.keys, c);
      const { bucket } = objectTarget(c, '/object/sign/');
      const body = await readJsonBody(c);
      const expiresIn = mustBeExpiresIn(body.expiresIn);
      const paths = Array.isArray(body.paths) ? body.paths.filter((p): p is string => typeof p === 'string') : [];
      if (paths.length === 0 || paths.length > 1000) throw errors.invalidRequest("body must have required property 'paths'");
      const visible = await ctx.db.transaction(
        callerIdentity(caller, 'storage.object.sign_many', c),
        async (tx) => {
          const { rows } = await tx.query<{ name: string }>(
            'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
            [bucket, paths],
          );
          return new Set(rows.map((r) => r.name));
        },
        { readOnly: true },
      );
      const result = await Promise.all(
        paths.map(async (path) => {
          if (!visible.has(path))
            return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null };
          const url = `${bucket}/${path}`;
          const token = await signToken(ctx.keys, { url, scope: 'download' }, expiresIn);
          return { error: null, path, signedURL: `/object/sign/${url}?token=${token}` };
        }),
      );
      return c.json(result);
    }),
  );

  // getSignedURL.ts: the object must be visible to the caller (SELECT) to be signed.
  routes.post(
    '/object/sign/:bucket/*',
    jsonBody,
    handle(ctx, async (c) => {
      const caller = await resolveCaller(ctx.keys, c);
      const { bucket, key } = objectTarget(c, '/object/sign/');
      const body = await readJsonBody(c);
      const expiresIn = mustBeExpiresIn(body.expiresIn);
      mustBeValidKey(key);
      const transform = ctx.imageTransformation ? signedTransform(body.transform) : {};
      await ctx.db.transaction(callerIdentity(caller, 'storage.object.sign', c), (tx) => findObject(tx, bucket, key), { readOnly: true });
      const url = `${bucket}/${key}`;
      const token = await signToken(ctx.keys, { ...transform, url, scope: 'download' }, expiresIn);
      const route = transform.transformations ? 'render/image' : 'object';
      return c.json({ signedURL: `/${route}/sign/${url}?token=${token}` });
    }),
  );

  // getSignedObject.ts: the token is the permission; the object is read as the storage admin.
  routes.get(
    '/object/sign/:bucket/*',
    handle(ctx, async (c) => {
      const { bucket, key } = objectTarget(c, '/object/sign/');
      const token = await verifyToken(ctx.keys, c.req.query('token'), `${bucket}/${key}`, 'download');
      const row = await ctx.db.transaction({ kind: 'system' }, (tx) => findObject(tx, bucket, key), { readOnly: true });
      return renderAsset(c, ctx.files, row, { expires: new Date(token.exp * 1000).toUTCString() });
    }),
  );

  // getSignedUploadURL.ts: the caller must be allowed to INSERT (or upsert) the object now.
  routes.post(
    '/object/upload/sign/:bucket/*',
    jsonBody,
    handle(ctx, async (c) => {
      const caller = await resolveCaller(ctx.keys, c);
      const { bucket, key } = objectTarget(c, '/object/upload/sign/');
      mustBeValidKey(key);
      const upsert = c.req.header('x-upsert') === 'true';
      const length = Number(c.req.header('content-length'));
      await canWriteObject(
        ctx.db,
        callerIdentity(caller, 'storage.object.upload_sign', c),
        {
          name: key,
          owner: caller.owner,
          bucketId: bucket,
          version: '1',
          metadata: { mimetype: c.req.header('content-type'), contentLength: Number.isFinite(length) ? length : undefined },
          userMetadata: undefined,
        },
        upsert,
      );
      const url = `${bucket}/${key}`;
      const token = await signToken(ctx.keys, { owner: caller.owner, url, upsert, scope: 'upload' }, uploadUrlSeconds);
      return c.json({ url: `/object/upload/sign/${url}?token=${token}`, token });
    }),
  );

  // uploadSignedObject.ts: uploads as the storage admin with the owner and upsert the token carries.
  routes.put(
    '/object/upload/sign/:bucket/*',
    uploadBody,
    handle(ctx, async (c) => {
      const { bucket, key } = objectTarget(c, '/object/upload/sign/');
      let token;
      try {
        token = await verifyToken(ctx.keys, c.req.query('token'), `${bucket}/${key}`, 'upload');
      } catch (error: unknown) {
        await drainRequest(c.env.incoming);
        throw error;
      }
      const result = await uploadFromRequest(deps, c.env.incoming, {
        bucketId: bucket,
        objectName: key,
        owner: token.owner,
        isUpsert: token.upsert === true,
        caller: null,
      });
      return jsonText(c, JSON.stringify({ Key: result.key }));
    }),
  );

  return routes;
}
