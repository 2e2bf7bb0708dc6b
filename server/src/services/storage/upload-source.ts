import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { bodyWasCut, streamedBody } from '../../lib/request-context.ts';
import { errors } from './errors.ts';

/** What an upload request carries besides its bytes (uploader.ts fileUploadFromRequest). */
export interface UploadSource {
  body: Readable;
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
  /** Content-Length of a raw body (multipart lengths include the form overhead). */
  declaredLength: number | undefined;
}

const maxUserMetadataBytes = 1024 * 1024;

function parseJsonObject(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  if (Buffer.byteLength(text) > maxUserMetadataBytes) throw errors.entityTooLarge('user_metadata');
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Multipart: fields first (cacheControl, metadata, contentType), the first file part is the body. */
function fromMultipart(request: IncomingMessage, stream: Readable, limit: number): Promise<UploadSource> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let parser: busboy.Busboy;
    try {
      // One byte over the limit is enough to know it is too large; busboy drains the rest.
      parser = busboy({ headers: request.headers, limits: { fields: 10, files: 1, fileSize: limit + 1 } });
    } catch {
      reject(errors.noContentProvided());
      return;
    }
    let settled = false;
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (_name, stream, info) => {
      if (settled) {
        stream.resume();
        return;
      }
      settled = true;
      try {
        const cacheTime = fields.cacheControl;
        resolve({
          body: stream,
          mimeType: fields.contentType || info.mimeType,
          cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache',
          userMetadata: parseJsonObject(fields.metadata ?? fields.userMetadata),
          declaredLength: undefined,
        });
      } catch (error: unknown) {
        stream.resume();
        reject(error);
      }
    });
    parser.on('close', () => {
      if (!settled) reject(errors.noContentProvided());
      settled = true;
    });
    parser.on('error', () => {
      if (!settled) reject(errors.noContentProvided());
      settled = true;
      stream.resume();
    });
    stream.on('error', (error) => parser.destroy(error));
    stream.pipe(parser);
  });
}

function fromRawBody(request: IncomingMessage, stream: Readable): UploadSource {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const metadata = header('x-metadata');
  const length = Number(header('content-length'));
  let userMetadata: Record<string, unknown> | undefined;
  if (metadata !== undefined) userMetadata = parseJsonObject(Buffer.from(metadata, 'base64').toString('utf8'));
  return {
    body: stream,
    mimeType: header('content-type') || 'application/octet-stream',
    cacheControl: header('cache-control') ?? 'no-cache',
    userMetadata,
    declaredLength: Number.isFinite(length) && length >= 0 && header('content-length') !== undefined ? length : undefined,
  };
}

/** The upload's bytes come from the envelope's stream, cut at the service's upload limit (decision 300). */
export async function readUploadSource(request: IncomingMessage, limit: number): Promise<UploadSource> {
  if (request.readableEnded || request.destroyed) throw errors.noContentProvided();
  const stream = streamedBody(request);
  const contentType = request.headers['content-type'] ?? '';
  if (contentType.startsWith('multipart/form-data')) return fromMultipart(request, stream, limit);
  return fromRawBody(request, stream);
}

/** Reads what is left of a request so the error response reaches the client (no reset). */
export async function drainRequest(request: IncomingMessage, body?: Readable): Promise<void> {
  body?.resume();
  // A body the envelope cut is being discarded already, and its connection closed after the answer.
  if (request.readableEnded || request.destroyed || bodyWasCut(request)) return;
  await new Promise<void>((resolve) => {
    request.once('end', resolve);
    request.once('close', resolve);
    request.once('error', () => resolve());
    request.resume();
  });
}
