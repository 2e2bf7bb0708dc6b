import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { TxIdentity } from '../../../db/types.ts';
import { streamedBody } from '../../../lib/request-context.ts';
import type { AppEnv } from '../../../lib/service.ts';
import { callerIdentity, type Caller } from '../caller.ts';
import type { StorageDeps } from '../request-handling.ts';
import { s3Errors } from './errors.ts';
import { PayloadDecoder, type PayloadCheck } from './payload.ts';

/** One authenticated S3 request: its target, query, caller and how its body is checked. */
export interface S3Request {
  deps: StorageDeps;
  c: Context<AppEnv>;
  incoming: IncomingMessage;
  bucket: string;
  key: string;
  query: Map<string, string>;
  caller: Caller;
  check: PayloadCheck;
}

/** The caller's identity for a database transaction (RLS as the caller; bypassed for service_role). */
export function identityOf(request: S3Request, operation: string): TxIdentity {
  return callerIdentity(request.caller, operation, request.c);
}

export function header(request: S3Request, name: string): string | undefined {
  const value = request.incoming.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The request's decoded body as a stream, checked against its signature and checksums. It is the
 * envelope's stream of the body (decision 300): one byte past storage's upload limit fails it.
 */
export function bodyStream(request: S3Request): PayloadDecoder {
  const decoder = new PayloadDecoder(request.check);
  const body = streamedBody(request.incoming);
  body.on('error', (error) => decoder.destroy(error));
  body.pipe(decoder);
  return decoder;
}

/** A small request document (XML), read whole: at most `limit` bytes. */
export async function smallBody(request: S3Request, limit = 2 * 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of bodyStream(request)) {
    size += (chunk as Buffer).length;
    if (size > limit) throw s3Errors.invalidRequest('The request document is too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** `x-amz-meta-*` headers: the object's user metadata, as storage's S3 PutObject stores it. */
export function userMetadataOf(request: S3Request): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.incoming.headers))
    if (name.startsWith('x-amz-meta-') && typeof value === 'string') metadata[name.slice('x-amz-meta-'.length)] = value;
  return metadata;
}

export function xmlResponse(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'application/xml', ...headers } });
}
