import type { Context } from 'hono';
import { BodyTooLargeError } from '../../../lib/body-limit.ts';
import type { AppEnv, DirectAnswer } from '../../../lib/service.ts';
import type { StorageDeps } from '../request-handling.ts';
import { authenticateS3, signingRequestOf } from './auth.ts';
import { bucketLocation, createBucket, deleteBucket, headBucket, listBuckets } from './buckets.ts';
import { header, type S3Request } from './context.ts';
import { renderS3Error, s3Errors } from './errors.ts';
import { listObjects } from './list.ts';
import { abortMultipartUpload, completeMultipartUpload, createMultipartUpload, listParts, uploadPart } from './multipart.ts';
import { copyObject, deleteObject, deleteObjects, getObject, putObject } from './objects.ts';
import { queryPairs } from './sigv4.ts';

/** Where the S3 protocol is served, as on hosted Supabase: path-style requests below it. */
export const s3Prefix = '/storage/v1/s3';

/** Whether a raw request target is an S3 request (read before any URL normalization, so a key's dot segments stay its own). */
export function isS3Target(url: string): boolean {
  return url === s3Prefix || url.startsWith(`${s3Prefix}/`) || url.startsWith(`${s3Prefix}?`);
}

function target(rawPath: string): { bucket: string; key: string } {
  const below = rawPath.slice(s3Prefix.length).replace(/^\//, '');
  const slash = below.indexOf('/');
  const [bucket, key] = slash < 0 ? [below, ''] : [below.slice(0, slash), below.slice(slash + 1)];
  try {
    return { bucket: decodeURIComponent(bucket), key: decodeURIComponent(key) };
  } catch {
    throw s3Errors.invalidArgument('The request path is not valid percent-encoding');
  }
}

/** Picks the S3 operation from the method, the target and the query (supabase/storage `src/http/routes/s3/commands`). */
function operation(request: S3Request, method: string): Promise<Response> {
  const { bucket, key, query } = request;
  if (bucket === '') {
    if (method === 'GET') return listBuckets(request);
    throw s3Errors.methodNotAllowed();
  }
  if (key === '') {
    if (method === 'PUT') return createBucket(request);
    if (method === 'HEAD') return headBucket(request);
    if (method === 'DELETE') return deleteBucket(request);
    if (method === 'POST' && query.has('delete')) return deleteObjects(request);
    if (method === 'GET' && query.has('location')) return bucketLocation(request);
    if (method === 'GET' && query.has('uploads')) throw s3Errors.notImplemented('ListMultipartUploads');
    if (method === 'GET') return listObjects(request);
    throw s3Errors.methodNotAllowed();
  }
  const uploadId = query.has('uploadId');
  if (method === 'PUT' && uploadId && header(request, 'x-amz-copy-source') !== undefined) throw s3Errors.notImplemented('UploadPartCopy');
  if (method === 'PUT' && uploadId) return uploadPart(request);
  if (method === 'PUT' && header(request, 'x-amz-copy-source') !== undefined) return copyObject(request);
  if (method === 'PUT') return putObject(request);
  if (method === 'POST' && query.has('uploads')) return createMultipartUpload(request);
  if (method === 'POST' && uploadId) return completeMultipartUpload(request);
  if (method === 'GET' && uploadId) return listParts(request);
  if (method === 'GET' || method === 'HEAD') return getObject(request, method === 'HEAD');
  if (method === 'DELETE' && uploadId) return abortMultipartUpload(request);
  if (method === 'DELETE') return deleteObject(request);
  throw s3Errors.methodNotAllowed();
}

/** The envelope's 413 for a body over storage's upload limit, as S3's XML EntityTooLarge. */
export function s3BodyTooLarge(): DirectAnswer {
  const { status, body } = renderS3Error(new BodyTooLargeError(0), '');
  return { status, headers: ['Content-Type', 'application/xml'], body };
}

/**
 * Storage's S3 protocol at /storage/v1/s3: every request is authenticated by its AWS
 * Signature V4 (service credentials, or a user's session: `auth.ts`), then answered as the
 * caller, RLS deciding as for the Storage API; errors are S3's XML.
 */
export function s3Handler(deps: StorageDeps) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const incoming = c.env.incoming;
    const signing = signingRequestOf(incoming);
    const method = signing.method;
    let resource = '';
    try {
      const { bucket, key } = target(signing.rawPath);
      resource = key ? `${bucket}/${key}` : bucket;
      const { caller, check } = await authenticateS3(deps, signing);
      const request: S3Request = { deps, c, incoming, bucket, key, query: new Map(queryPairs(signing.rawQuery)), caller, check };
      return await operation(request, method);
    } catch (error: unknown) {
      const { status, body } = renderS3Error(error, resource);
      if (status >= 500) deps.log.error(`storage S3 ${method} ${signing.rawPath}`, error);
      if (!incoming.readableEnded) incoming.resume();
      return new Response(method === 'HEAD' ? null : body, { status, headers: { 'Content-Type': 'application/xml' } });
    }
  };
}
