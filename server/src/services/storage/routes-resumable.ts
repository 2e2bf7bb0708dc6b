import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Hono, type Context } from 'hono';
import { streamedBody } from '../../lib/request-context.ts';
import { jsonBody, uploadBody } from '../../lib/route-marks.ts';
import type { AppEnv } from '../../lib/service.ts';
import { callerIdentity, resolveCaller } from './caller.ts';
import { mustFindBucketAsAdmin } from './db.ts';
import { errors } from './errors.ts';
import { mustBeAllowedMimeType, mustBeValidKey } from './limits.ts';
import { leadingBytesCheck } from './media-type.ts';
import { handle, tusErrors, type Handler, type StorageDeps } from './request-handling.ts';
import { drainRequest } from './upload-source.ts';
import { canWriteObject, commitObject } from './upload.ts';

/** What a resumable upload remembers between requests (`<dataDir>/storage/.resumable/<id>.json`). */
interface UploadState {
  bucketId: string;
  objectName: string;
  version: string;
  length: number;
  owner: string | undefined;
  upsert: boolean;
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
  createdAt: number;
}

const tusHeaders = { 'Tus-Resumable': '1.0.0', 'Cache-Control': 'no-store' };

const expiryMs = 24 * 60 * 60 * 1000;

function parseMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

/**
 * Resumable uploads (TUS 1.0.0 core + creation + termination) at /upload/resumable, as the real
 * service offers for large files (`src/http/routes/tus`): the RLS probe runs at creation, chunks
 * are appended to a file under the data dir, and the object row is written when the last byte
 * arrives. Upload ids are base64url(`bucket/object/version`), unguessable by their version.
 */
export function resumableRoutes(ctx: StorageDeps): Hono<AppEnv> {
  // Errors in TUS's text shape, through storage's one request handler.
  const tus = (fn: Handler) => handle(ctx, fn, tusErrors);
  const routes = new Hono<AppEnv>();
  const dir = path.join(ctx.files.root, '.resumable');
  const statePath = (id: string) => path.join(dir, `${id}.json`);
  const dataPath = (id: string) => path.join(dir, `${id}.bin`);

  async function load(c: Context<AppEnv>, id: string): Promise<UploadState> {
    if (!/^[A-Za-z0-9_-]+$/.test(id)) throw errors.invalidRequest('Invalid upload id');
    const caller = await resolveCaller(ctx.keys, c);
    let state: UploadState;
    try {
      state = JSON.parse(await readFile(statePath(id), 'utf8')) as UploadState;
    } catch {
      throw errors.noSuchUpload();
    }
    if (state.owner !== caller.owner) throw errors.noSuchUpload();
    return state;
  }

  async function offsetOf(id: string): Promise<number> {
    return stat(dataPath(id)).then(
      (s) => s.size,
      () => 0,
    );
  }

  routes.options(
    '/upload/resumable/*',
    () =>
      new Response(null, {
        status: 204,
        headers: {
          ...tusHeaders,
          'Tus-Version': '1.0.0',
          'Tus-Extension': 'creation,creation-with-upload,termination',
          'Tus-Max-Size': String(ctx.globalLimit),
        },
      }),
  );

  routes.post(
    '/upload/resumable',
    uploadBody,
    tus(async (c) => {
      try {
        const caller = await resolveCaller(ctx.keys, c);
        const meta = parseMetadata(c.req.header('upload-metadata'));
        const bucketId = meta.bucketName ?? '';
        const objectName = meta.objectName ?? '';
        mustBeValidKey(objectName);
        const bucket = await mustFindBucketAsAdmin(ctx.db, bucketId);
        const length = Number(c.req.header('upload-length'));
        if (!Number.isInteger(length) || length < 0) throw errors.invalidRequest('Upload-Length header is required');
        if (length > Math.min(bucket.file_size_limit ?? Number.POSITIVE_INFINITY, ctx.globalLimit)) throw errors.entityTooLarge();
        const mimeType = meta.contentType || 'application/octet-stream';
        mustBeAllowedMimeType(mimeType, bucket.allowed_mime_types);
        let userMetadata: Record<string, unknown> | undefined;
        try {
          userMetadata = meta.metadata ? (JSON.parse(meta.metadata) as Record<string, unknown>) : undefined;
        } catch {
          userMetadata = undefined;
        }
        const state: UploadState = {
          bucketId,
          objectName,
          version: randomUUID(),
          length,
          owner: caller.owner,
          upsert: c.req.header('x-upsert') === 'true',
          mimeType,
          cacheControl: meta.cacheControl ? `max-age=${meta.cacheControl}` : 'no-cache',
          userMetadata,
          createdAt: Date.now(),
        };
        await canWriteObject(
          ctx.db,
          callerIdentity(caller, 'storage.object.upload_resumable', c),
          {
            name: objectName,
            owner: caller.owner,
            bucketId,
            version: state.version,
            metadata: { mimetype: mimeType, contentLength: length },
            userMetadata,
          },
          state.upsert,
        );
        const id = Buffer.from(`${bucketId}/${objectName}/${state.version}`).toString('base64url');
        await mkdir(dir, { recursive: true });
        await writeFile(statePath(id), JSON.stringify(state));
        await writeFile(dataPath(id), '');
        const location = `${ctx.config.publicUrl}/storage/v1/upload/resumable/${id}`;
        // creation-with-upload: the first bytes may come with the creation request.
        const offset = c.req.header('content-type') === 'application/offset+octet-stream' ? await append(c, id, state, 0) : 0;
        return new Response(null, { status: 201, headers: { ...tusHeaders, Location: location, 'Upload-Offset': String(offset) } });
      } catch (error: unknown) {
        await drainRequest(c.env.incoming);
        throw error;
      }
    }),
  );

  /** Appends the request body at `offset`, and completes the object once all bytes are there. */
  async function append(c: Context<AppEnv>, id: string, state: UploadState, offset: number): Promise<number> {
    const current = await offsetOf(id);
    if (offset !== current) throw errors.uploadOffsetMismatch();
    // Never more than the declared length on disk: extra bytes are drained, then refused.
    let room = state.length - current;
    let exceeded = false;
    const limiter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        if (chunk.length > room) exceeded = true;
        const kept = exceeded ? chunk.subarray(0, Math.max(0, room)) : chunk;
        room -= kept.length;
        callback(null, kept.length > 0 ? kept : undefined);
      },
    });
    await pipeline(streamedBody(c.env.incoming), limiter, createWriteStream(dataPath(id), { flags: 'a' }));
    const size = await offsetOf(id);
    if (exceeded) {
      await rm(dataPath(id), { force: true });
      await rm(statePath(id), { force: true });
      throw errors.entityTooLarge();
    }
    if (size === state.length) await complete(id, state);
    return size;
  }

  /** Turns the finished upload into the object; the upload is gone afterwards, whether that worked or not. */
  async function complete(id: string, state: UploadState): Promise<void> {
    try {
      const bucket = await mustFindBucketAsAdmin(ctx.db, state.bucketId);
      const written = await ctx.files.writeTemp(
        createReadStream(dataPath(id)),
        state.length,
        leadingBytesCheck(state.mimeType, bucket.allowed_mime_types),
      );
      await ctx.files.place(written.tmpPath, state.version);
      await commitObject(
        ctx,
        {
          name: state.objectName,
          owner: state.owner,
          bucketId: state.bucketId,
          version: state.version,
          userMetadata: state.userMetadata,
          metadata: {
            eTag: `"${written.md5}"`,
            size: written.size,
            mimetype: state.mimeType,
            cacheControl: state.cacheControl,
            lastModified: new Date().toISOString(),
            contentLength: written.size,
            httpStatusCode: 200,
          },
        },
        state.upsert,
      );
    } finally {
      await rm(dataPath(id), { force: true });
      await rm(statePath(id), { force: true });
    }
  }

  // Hono dispatches HEAD to GET routes (and drops the body); TUS has no GET.
  routes.get(
    '/upload/resumable/:id',
    tus(async (c) => {
      if (c.req.method !== 'HEAD') throw errors.routeNotFound(c.req.method, `/upload/resumable/${c.req.param('id') ?? ''}`);
      const id = c.req.param('id') ?? '';
      const state = await load(c, id);
      return new Response(null, {
        status: 200,
        headers: { ...tusHeaders, 'Upload-Offset': String(await offsetOf(id)), 'Upload-Length': String(state.length) },
      });
    }),
  );

  routes.patch(
    '/upload/resumable/:id',
    uploadBody,
    tus(async (c) => {
      try {
        const id = c.req.param('id') ?? '';
        const state = await load(c, id);
        if (c.req.header('content-type') !== 'application/offset+octet-stream')
          throw errors.invalidRequest('Content-Type must be application/offset+octet-stream');
        const offset = await append(c, id, state, Number(c.req.header('upload-offset')));
        return new Response(null, { status: 204, headers: { ...tusHeaders, 'Upload-Offset': String(offset) } });
      } catch (error: unknown) {
        await drainRequest(c.env.incoming);
        throw error;
      }
    }),
  );

  routes.delete(
    '/upload/resumable/:id',
    jsonBody,
    tus(async (c) => {
      const id = c.req.param('id') ?? '';
      await load(c, id);
      await rm(dataPath(id), { force: true });
      await rm(statePath(id), { force: true });
      return new Response(null, { status: 204, headers: tusHeaders });
    }),
  );

  return routes;
}

/** Drops resumable uploads left unfinished for a day (called at start). */
export async function sweepResumable(root: string): Promise<void> {
  const dir = path.join(root, '.resumable');
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith('.json')) continue;
    const file = path.join(dir, name);
    const created = await readFile(file, 'utf8').then(
      (t) => (JSON.parse(t) as UploadState).createdAt,
      () => 0,
    );
    if (Date.now() - created > expiryMs) {
      await rm(file, { force: true });
      await rm(file.replace(/\.json$/, '.bin'), { force: true });
    }
  }
}
