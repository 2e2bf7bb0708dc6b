import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../lib/service.ts';
import { callerIdentity, resolveCaller } from './caller.ts';
import { findObject, findPublicObject, type ObjectRow } from './db.ts';
import { errors, renderError } from './errors.ts';
import { variesByAccept, type ImageVariants } from './image-transform.ts';
import { mustBeValidKey } from './limits.ts';
import { downloadSecurityHeaders } from './media-type.ts';
import { handle, objectTarget, type StorageDeps } from './request-handling.ts';
import { verifyToken } from './signed-urls.ts';
import { parseTransformationString, parseTransformOptions, type TransformOptions } from './transform-options.ts';

export interface RenderDeps extends StorageDeps {
  variants: ImageVariants;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** `download` as upstream's renderer turns it into Content-Disposition. */
function disposition(download: string | undefined): string | undefined {
  if (download === undefined) return undefined;
  if (download === '') return 'attachment;';
  const name = encodeURIComponent(download);
  return `attachment; filename=${name}; filename*=UTF-8''${name}`;
}

/**
 * Sends an object transformed, as storage's image renderer does (type, length, ETag,
 * Last-Modified, cache control or the signed URL's Expires, `X-Transformations`, download),
 * plus the stored-file security headers. The variant is encoded once and then served from disk;
 * its ETag names the exact bytes, so a revalidation is a 304 without reading the source.
 */
async function renderTransformed(
  c: Context<AppEnv>,
  ctx: RenderDeps,
  row: Pick<ObjectRow, 'version' | 'metadata'>,
  options: TransformOptions,
  expires?: string,
): Promise<Response> {
  const accept = c.req.header('accept');
  // A variant served recently comes from memory; otherwise the source must be on disk.
  let image = row.version ? ctx.variants.remembered(row.version, options, accept) : undefined;
  if (!image) {
    const size = row.version ? await ctx.files.size(row.version) : null;
    if (!row.version || size === null) {
      const { body } = renderError(errors.resourceNotFound());
      return c.json(body, 400, { 'Cache-Control': 'no-store' });
    }
    image = await ctx.variants.render(ctx.files.pathOf(row.version), row.version, options, accept);
  }
  const metadata = row.metadata ?? {};
  const headers = new Headers({
    'Accept-Ranges': 'bytes',
    'Content-Type': image.contentType,
    ETag: image.etag,
    'X-Robots-Tag': 'none',
    ...downloadSecurityHeaders,
  });
  const lastModified = text(metadata.lastModified);
  if (lastModified && !Number.isNaN(Date.parse(lastModified))) headers.set('Last-Modified', new Date(lastModified).toUTCString());
  if (expires) headers.set('Expires', expires);
  else if (text(metadata.cacheControl)) headers.set('Cache-Control', text(metadata.cacheControl) ?? '');
  if (image.transformations.length) headers.set('X-Transformations', image.transformations.join(','));
  if (variesByAccept(options)) headers.set('Vary', 'Accept');
  const attachment = disposition(c.req.query('download'));
  if (attachment) headers.set('Content-Disposition', attachment);
  if (c.req.header('if-none-match') === image.etag) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(image.size));
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  const body = image.bytes ?? (Readable.toWeb(createReadStream(image.file)) as ReadableStream<Uint8Array>);
  return new Response(body, { status: 200, headers });
}

/** The query's options (everything but `download`/`token`), validated as the route schema does. */
function queryOptions(c: Context<AppEnv>): TransformOptions {
  const query = c.req.query();
  return parseTransformOptions(query, 'querystring');
}

/** `/render/image/{public,authenticated,sign}/<bucket>/<key>` (supabase/storage `src/http/routes/render`). */
export function renderRoutes(ctx: RenderDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // renderPublicImage.ts: the bucket must be public; the object is read as the storage admin.
  routes.get(
    '/render/image/public/:bucket/*',
    handle(ctx, async (c) => {
      const { bucket, key } = objectTarget(c, '/render/image/public/');
      const options = queryOptions(c);
      mustBeValidKey(key);
      const row = await ctx.db.transaction({ kind: 'system' }, (tx) => findPublicObject(tx, bucket, key), { readOnly: true, single: true });
      return renderTransformed(c, ctx, row, options);
    }),
  );

  // renderAuthenticatedImage.ts: a valid JWT is required, and the object must be visible to it.
  routes.get(
    '/render/image/authenticated/:bucket/*',
    handle(ctx, async (c) => {
      const caller = await resolveCaller(ctx.keys, c);
      const { bucket, key } = objectTarget(c, '/render/image/authenticated/');
      const options = queryOptions(c);
      mustBeValidKey(key);
      const row = await ctx.db.transaction(
        callerIdentity(caller, 'storage.render.image_authenticated', c),
        (tx) => findObject(tx, bucket, key),
        {
          readOnly: true,
        },
      );
      return renderTransformed(c, ctx, row, options);
    }),
  );

  // renderSignedImage.ts: the token is the permission and carries the transformation.
  routes.get(
    '/render/image/sign/:bucket/*',
    handle(ctx, async (c) => {
      const { bucket, key } = objectTarget(c, '/render/image/sign/');
      const token = await verifyToken(ctx.keys, c.req.query('token'), `${bucket}/${key}`, 'download');
      const row = await ctx.db.transaction({ kind: 'system' }, (tx) => findObject(tx, bucket, key), { readOnly: true });
      const options = parseTransformationString(token.transformations ?? '');
      return renderTransformed(c, ctx, row, options, new Date(token.exp * 1000).toUTCString());
    }),
  );

  return routes;
}
