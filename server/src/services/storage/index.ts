import { Hono } from 'hono';
import { parseByteSize, tomlValue } from '../../lib/config.ts';
import { uploadBody } from '../../lib/route-marks.ts';
import { jsonAnswer, type AppEnv, type Service } from '../../lib/service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { configuredBuckets, seedObjects, syncBuckets } from './config-buckets.ts';
import { errors } from './errors.ts';
import { FileStore } from './files.ts';
import { ImageVariants } from './image-transform.ts';
import { storagePath, type StorageDeps } from './request-handling.ts';
import { bucketRoutes } from './routes-buckets.ts';
import { listRoutes } from './routes-list.ts';
import { moveRoutes } from './routes-move.ts';
import { objectRoutes } from './routes-objects.ts';
import { renderRoutes } from './routes-render.ts';
import { resumableRoutes, sweepResumable } from './routes-resumable.ts';
import { signRoutes } from './routes-sign.ts';
import { isS3Target, s3BodyTooLarge, s3Handler } from './s3/index.ts';

/**
 * Supabase Storage at /storage/v1 (supabase/storage `src/http/routes/{bucket,object,render}`):
 * every read and write is decided by RLS on storage.objects / storage.buckets as the caller;
 * bodies stream to files under `<dataDir>/storage`.
 */
export function createStorageService(deps: ServiceDeps): Service {
  const globalLimit = parseByteSize(tomlValue(deps.config.toml, 'storage.file_size_limit', '50MiB')) ?? 50 * 2 ** 20;
  const files = new FileStore(deps.config.dataDir);
  // `[storage.image_transformation] enabled`: off unless the project turns it on, as the CLI.
  const imageTransformation = tomlValue(deps.config.toml, 'storage.image_transformation.enabled', false);
  const variants = new ImageVariants(files.root);
  const ctx: StorageDeps = { ...deps, files, globalLimit, imageTransformation };
  const buckets = configuredBuckets(deps.config.toml, deps.config.projectDir);

  const routes = new Hono<AppEnv>();
  // The S3 protocol is chosen by the raw request target: a key's `..` segments must reach it as
  // sent (and be refused there), not be resolved by URL parsing into another path.
  if (tomlValue(deps.config.toml, 'storage.s3_protocol.enabled', true)) {
    const s3 = s3Handler(ctx);
    routes.use('*', (c, next) => (c.env?.incoming && isS3Target(c.env.incoming.url ?? '') ? s3(c) : next()));
    // What the envelope reads for these paths: a body streamed to the handler, cut at storage's upload limit.
    routes.all('/s3', uploadBody, s3);
    routes.all('/s3/*', uploadBody, s3);
  }
  routes.route('/', bucketRoutes(ctx));
  routes.route('/', listRoutes(ctx));
  routes.route('/', moveRoutes(ctx));
  routes.route('/', signRoutes(ctx));
  routes.route('/', objectRoutes(ctx));
  routes.route('/', resumableRoutes(ctx));
  // With image transformations off, upstream registers no /render routes: its not-found
  // handler answers them, like any unknown route.
  if (imageTransformation) routes.route('/', renderRoutes({ ...ctx, variants }));
  routes.all('*', (c) => {
    const body = errors.routeNotFound(c.req.method, storagePath(c) + new URL(c.req.url).search).render();
    return c.json({ statusCode: body.statusCode, error: body.error, message: body.message, code: body.code }, 404);
  });

  async function start(): Promise<void> {
    await ctx.files.init();
    await sweepResumable(ctx.files.root);
    // Objects are seeded into a fresh database, or into a configured bucket this boot created.
    const created = await syncBuckets(ctx, buckets);
    for (const bucket of buckets) {
      if (deps.freshDatabase || created.has(bucket.id)) {
        const seeded = await seedObjects(ctx, bucket);
        if (seeded > 0) deps.log.info(`storage: seeded ${seeded} object(s) into bucket ${bucket.id}`);
      }
    }
    const referenced = await deps.db.transaction({ kind: 'system' }, async (tx) => {
      // Parts of unfinished S3 multipart uploads are files without an object row too.
      const { rows } = await tx.query<{ version: string }>(
        'select version from storage.objects where version is not null union all select version from storage.s3_multipart_uploads_parts',
      );
      return new Set(rows.map((r) => r.version));
    });
    const swept = await ctx.files.sweep(referenced);
    await variants.sweep(referenced);
    if (swept > 0) deps.log.info(`storage: removed ${swept} file(s) no object refers to`);
  }

  return {
    prefix: '/storage/v1',
    name: 'storage',
    routes,
    start,
    // The gateway refuses it (HTTP 413) before storage runs; the body in storage's shape.
    // Storage's JSON, or S3's XML for its protocol's paths.
    bodyTooLarge: (_limit, _headers, path) => (isS3Target(path) ? s3BodyTooLarge() : jsonAnswer(413, errors.entityTooLarge().render())),
  };
}
