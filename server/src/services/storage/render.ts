import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/service.ts';
import type { ObjectRow } from './db.ts';
import { errors, renderError } from './errors.ts';
import type { FileStore } from './files.ts';
import { downloadSecurityHeaders, isInlineSafe, parseMimeType } from './media-type.ts';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** `bytes=a-b` / `bytes=a-` / `bytes=-n` within size, or null for none; invalid → InvalidRange. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) throw errors.invalidRange();
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) throw errors.invalidRange();
  return { start, end };
}

/** Content-Disposition as upstream's renderer (`handleDownload`). */
function disposition(download: string | undefined): string | undefined {
  if (download === undefined) return undefined;
  if (download === '') return 'attachment;';
  const name = encodeURIComponent(download);
  return `attachment; filename=${name}; filename*=UTF-8''${name}`;
}

/**
 * The stored type as sent, and whether the file must be an attachment: a type that is not
 * exactly one media type (rows written before types were parsed strictly) goes out as
 * `application/octet-stream`, and only inline-safe types may render in a browser tab.
 */
export function servedType(stored: string | undefined): { contentType: string; attachment: boolean } {
  const parsed = stored ? parseMimeType(stored) : null;
  if (!stored || !parsed) return { contentType: 'application/octet-stream', attachment: true };
  return { contentType: stored, attachment: !isInlineSafe(parsed.essence) };
}

/**
 * Sends an object's bytes as storage's asset renderer (`src/storage/renderer/renderer.ts`):
 * type, ETag, Last-Modified, length, cache control, ranges, conditional 304, attachment. A
 * row whose file is missing answers the renderer's 404 (HTTP 400, NoSuchKey). Every answer
 * carries nosniff and a script-free sandbox CSP; active types go out as attachments.
 */
export async function renderAsset(
  c: Context<AppEnv>,
  files: FileStore,
  object: Pick<ObjectRow, 'version' | 'metadata'>,
  options: { expires?: string; head?: boolean } = {},
): Promise<Response> {
  const metadata = object.metadata ?? {};
  const etag = text(metadata.eTag);
  const size = object.version ? await files.size(object.version) : null;
  if (size === null) {
    const { body } = renderError(errors.resourceNotFound());
    return c.json(body, 400, { 'Cache-Control': 'no-store' });
  }
  const served = servedType(text(metadata.mimetype));
  const headers = new Headers({
    'Accept-Ranges': 'bytes',
    'Content-Type': served.contentType,
    'X-Robots-Tag': 'none',
    ...downloadSecurityHeaders,
  });
  if (etag) headers.set('ETag', etag);
  const lastModified = text(metadata.lastModified);
  if (lastModified && !Number.isNaN(Date.parse(lastModified))) headers.set('Last-Modified', new Date(lastModified).toUTCString());
  if (options.expires) headers.set('Expires', options.expires);
  else if (text(metadata.cacheControl)) headers.set('Cache-Control', text(metadata.cacheControl) ?? '');
  const attachment = disposition(c.req.query('download')) ?? (served.attachment ? 'attachment' : undefined);
  if (attachment) headers.set('Content-Disposition', attachment);
  const ifNoneMatch = c.req.header('if-none-match');
  if (etag && ifNoneMatch && ifNoneMatch === etag) return new Response(null, { status: 304, headers });
  const range = parseRange(c.req.header('range'), size);
  const status = range ? 206 : 200;
  headers.set('Content-Length', String(range ? range.end - range.start + 1 : size));
  if (range) headers.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  if (options.head || c.req.method === 'HEAD') return new Response(null, { status, headers });
  const opened = await files.open(object.version, range ?? undefined);
  if (!opened) {
    const { body } = renderError(errors.resourceNotFound());
    return c.json(body, 400, { 'Cache-Control': 'no-store' });
  }
  return new Response(Readable.toWeb(opened.stream) as ReadableStream<Uint8Array>, { status, headers });
}

/** HEAD answers of storage's head renderer: the object's headers, no body. */
export function renderHead(object: Pick<ObjectRow, 'metadata'>): Response {
  const metadata = object.metadata ?? {};
  const served = servedType(text(metadata.mimetype));
  const headers = new Headers({ 'Content-Type': served.contentType, ...downloadSecurityHeaders });
  if (served.attachment) headers.set('Content-Disposition', 'attachment');
  if (text(metadata.eTag)) headers.set('ETag', text(metadata.eTag) ?? '');
  if (text(metadata.cacheControl)) headers.set('Cache-Control', text(metadata.cacheControl) ?? '');
  if (typeof metadata.contentLength === 'number') headers.set('Content-Length', String(metadata.contentLength));
  const lastModified = text(metadata.lastModified);
  if (lastModified && !Number.isNaN(Date.parse(lastModified))) headers.set('Last-Modified', new Date(lastModified).toUTCString());
  return new Response(null, { status: 200, headers });
}
