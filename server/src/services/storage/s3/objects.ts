import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { allowDeletes, findObject, mustFindBucketAsAdmin, type ObjectRow } from '../db.ts';
import { errors } from '../errors.ts';
import { mustBeAllowedMimeType, mustBeValidKey } from '../limits.ts';
import { downloadSecurityHeaders, leadingBytesCheck } from '../media-type.ts';
import { parseRange, servedType } from '../render.ts';
import { drainRequest } from '../upload-source.ts';
import { canWriteObject, commitObject, type ObjectRecord } from '../upload.ts';
import { bodyStream, header, identityOf, smallBody, userMetadataOf, xmlResponse, type S3Request } from './context.ts';
import { s3Errors } from './errors.ts';
import { xmlDocument, xmlFlag, xmlItems } from './xml.ts';

/** The size limit of an upload into a bucket: its own, and the project's `[storage] file_size_limit`. */
export async function uploadLimit(request: S3Request, bucketId: string): Promise<{ limit: number; allowed: string[] | null }> {
  const bucket = await mustFindBucketAsAdmin(request.deps.db, bucketId);
  return {
    limit: Math.min(bucket.file_size_limit ?? Number.POSITIVE_INFINITY, request.deps.globalLimit),
    allowed: bucket.allowed_mime_types,
  };
}

/** The object row for `request.key`, read as the caller (RLS decides). */
export async function readObject(request: S3Request, bucket = request.bucket, key = request.key): Promise<ObjectRow> {
  return request.deps.db.transaction(identityOf(request, 'object.get_object'), (tx) => findObject(tx, bucket, key));
}

/** PutObject: the body streams to disk, checked against the signature, then the row is written as the caller would. */
export async function putObject(request: S3Request): Promise<Response> {
  const { deps } = request;
  try {
    mustBeValidKey(request.key);
    const { limit, allowed } = await uploadLimit(request, request.bucket);
    const mimeType = header(request, 'content-type') ?? 'application/octet-stream';
    mustBeAllowedMimeType(mimeType, allowed);
    const declared = Number(header(request, 'x-amz-decoded-content-length') ?? header(request, 'content-length') ?? 0);
    if (declared > limit) throw errors.entityTooLarge();
    const record: ObjectRecord = {
      name: request.key,
      owner: request.caller.owner,
      bucketId: request.bucket,
      version: randomUUID(),
      metadata: { mimetype: mimeType },
      userMetadata: userMetadataOf(request),
    };
    await canWriteObject(deps.db, identityOf(request, 'object.put_object'), record, true);
    const written = await deps.files.writeTemp(bodyStream(request), limit, leadingBytesCheck(mimeType, allowed));
    await deps.files.place(written.tmpPath, record.version);
    record.metadata = objectMetadata(`"${written.md5}"`, written.size, mimeType, header(request, 'cache-control') ?? 'no-cache');
    await commitObject(deps, record, true);
    return new Response(null, { status: 200, headers: { ETag: `"${written.md5}"` } });
  } catch (error: unknown) {
    await drainRequest(request.incoming);
    throw error;
  }
}

export function objectMetadata(eTag: string, size: number, mimetype: string, cacheControl: string): Record<string, unknown> {
  return {
    eTag,
    size,
    mimetype,
    cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: size,
    httpStatusCode: 200,
  };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** GetObject / HeadObject: the stored bytes (or a range) with S3's headers, served so they cannot run script here. */
export async function getObject(request: S3Request, head: boolean): Promise<Response> {
  const object = await readObject(request);
  const metadata = object.metadata ?? {};
  const size = object.version ? await request.deps.files.size(object.version) : null;
  if (size === null) throw errors.noSuchKey();
  const served = servedType(text(metadata.mimetype));
  const headers = new Headers({ 'Accept-Ranges': 'bytes', 'Content-Type': served.contentType, ...downloadSecurityHeaders });
  if (served.attachment) headers.set('Content-Disposition', 'attachment');
  const etag = text(metadata.eTag);
  if (etag) headers.set('ETag', etag);
  const lastModified = text(metadata.lastModified) ?? object.updated_at;
  if (lastModified && !Number.isNaN(Date.parse(lastModified))) headers.set('Last-Modified', new Date(lastModified).toUTCString());
  if (text(metadata.cacheControl)) headers.set('Cache-Control', text(metadata.cacheControl) ?? '');
  for (const [name, value] of Object.entries(object.user_metadata ?? {}))
    if (typeof value === 'string' && /^[a-z0-9-]+$/i.test(name)) headers.set(`x-amz-meta-${name}`, value);
  if (etag && header(request, 'if-none-match') === etag) return new Response(null, { status: 304, headers });
  let range: { start: number; end: number } | null;
  try {
    range = parseRange(header(request, 'range'), size);
  } catch {
    throw s3Errors.invalidRange();
  }
  headers.set('Content-Length', String(range ? range.end - range.start + 1 : size));
  if (range) headers.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  const status = range ? 206 : 200;
  if (head) return new Response(null, { status, headers });
  const opened = await request.deps.files.open(object.version, range ?? undefined);
  if (!opened) throw errors.noSuchKey();
  return new Response(Readable.toWeb(opened.stream) as ReadableStream<Uint8Array>, { status, headers });
}

/** `x-amz-copy-source`: `bucket/key` (URL-encoded, a leading slash allowed, no version). */
function copySource(request: S3Request): { bucket: string; key: string } {
  const raw = header(request, 'x-amz-copy-source') ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw.split('?')[0] ?? '').replace(/^\//, '');
  } catch {
    throw s3Errors.invalidArgument('Invalid copy source');
  }
  const slash = decoded.indexOf('/');
  if (slash <= 0 || slash === decoded.length - 1)
    throw s3Errors.invalidArgument('Copy Source must mention the source bucket and key: sourcebucket/sourcekey');
  return { bucket: decoded.slice(0, slash), key: decoded.slice(slash + 1) };
}

/** CopyObject: read as the caller, written as the caller, the bytes copied on disk. */
export async function copyObject(request: S3Request): Promise<Response> {
  const { deps } = request;
  const source = copySource(request);
  mustBeValidKey(request.key);
  const from = await readObject(request, source.bucket, source.key);
  if (!from.version) throw errors.noSuchKey();
  const { limit, allowed } = await uploadLimit(request, request.bucket);
  const metadata = from.metadata ?? {};
  const size = Number(metadata.size ?? 0);
  if (size > limit) throw errors.entityTooLarge();
  const replace = header(request, 'x-amz-metadata-directive') === 'REPLACE';
  const mimeType = replace
    ? (header(request, 'content-type') ?? 'application/octet-stream')
    : (text(metadata.mimetype) ?? 'application/octet-stream');
  mustBeAllowedMimeType(mimeType, allowed);
  const record: ObjectRecord = {
    name: request.key,
    owner: request.caller.owner,
    bucketId: request.bucket,
    version: randomUUID(),
    metadata: { mimetype: mimeType },
    userMetadata: replace ? userMetadataOf(request) : ((from.user_metadata as Record<string, unknown> | null) ?? {}),
  };
  await canWriteObject(deps.db, identityOf(request, 'object.copy_object'), record, true);
  await deps.files.copy(from.version, record.version);
  const cacheControl = replace ? (header(request, 'cache-control') ?? 'no-cache') : (text(metadata.cacheControl) ?? 'no-cache');
  record.metadata = { ...objectMetadata(text(metadata.eTag) ?? '""', size, mimeType, cacheControl) };
  await commitObject(deps, record, true);
  return xmlResponse(xmlDocument('CopyObjectResult', { LastModified: String(record.metadata.lastModified), ETag: text(metadata.eTag) }));
}

/** Deletes `keys` as the caller; returns the keys RLS let it delete (their files removed after commit). */
async function deleteAsCaller(request: S3Request, keys: string[]): Promise<Set<string>> {
  const rows = await request.deps.db.transaction(identityOf(request, 'object.delete_object'), async (tx) => {
    await allowDeletes(tx);
    const { rows } = await tx.query<{ name: string; version: string | null }>(
      'delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning name, version',
      [request.bucket, keys],
    );
    return rows;
  });
  for (const row of rows) await request.deps.files.remove(row.version);
  return new Set(rows.map((r) => r.name));
}

/** DeleteObject: 204 whether or not the key existed, as S3; a key the caller may not delete is AccessDenied. */
export async function deleteObject(request: S3Request): Promise<Response> {
  await mustFindBucketAsAdmin(request.deps.db, request.bucket);
  const deleted = await deleteAsCaller(request, [request.key]);
  if (!deleted.has(request.key) && (await stillThere(request, [request.key])).size > 0) throw s3Errors.accessDenied();
  return new Response(null, { status: 204 });
}

async function stillThere(request: S3Request, keys: string[]): Promise<Set<string>> {
  const { rows } = await request.deps.db.transaction({ kind: 'system' }, (tx) =>
    tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [request.bucket, keys]),
  );
  return new Set(rows.map((r) => r.name));
}

/** DeleteObjects: up to 1000 keys; each is Deleted, or an AccessDenied error when RLS kept it. */
export async function deleteObjects(request: S3Request): Promise<Response> {
  const document = await smallBody(request);
  const keys = xmlItems(document, 'Delete', 'Object').map((o) => o.Key ?? '');
  if (keys.length === 0 || keys.length > 1000 || keys.some((k) => k === '')) throw s3Errors.malformedXml();
  await mustFindBucketAsAdmin(request.deps.db, request.bucket);
  const deleted = await deleteAsCaller(request, keys);
  const kept = await stillThere(
    request,
    keys.filter((k) => !deleted.has(k)),
  );
  const quiet = xmlFlag(document, 'Quiet');
  return xmlResponse(
    xmlDocument('DeleteResult', {
      Deleted: quiet ? [] : keys.filter((k) => !kept.has(k)).map((Key) => ({ Key })),
      Error: keys.filter((k) => kept.has(k)).map((Key) => ({ Key, Code: 'AccessDenied', Message: 'Access Denied' })),
    }),
  );
}
