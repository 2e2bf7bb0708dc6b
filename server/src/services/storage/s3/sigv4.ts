import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { s3Errors } from './errors.ts';

/**
 * AWS Signature Version 4 as S3 checks it (AWS's "Authenticating Requests (AWS Signature
 * Version 4)"; supabase/storage `src/storage/protocols/s3/signature-v4.ts`): the Authorization
 * header or a presigned URL's query, the canonical request over the path exactly as sent, and
 * the request's age (15 minutes either way for a header, `X-Amz-Expires` for a presigned URL).
 */
export interface SigningRequest {
  method: string;
  /** The request target's path as sent, still percent-encoded. */
  rawPath: string;
  /** The query as sent, without `?`. */
  rawQuery: string;
  headers: IncomingHttpHeaders;
}

export interface ClientSignature {
  accessKeyId: string;
  /** `yyyymmdd` of the credential scope. */
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
  /** `yyyymmddThhmmssZ`: X-Amz-Date. */
  amzDate: string;
  /** Seconds a presigned URL is valid, or null for a signed header. */
  expires: number | null;
  sessionToken: string | null;
  /** What the canonical request ends with: a hex SHA-256, UNSIGNED-PAYLOAD or a STREAMING-… algorithm. */
  payloadHash: string;
}

const maxSkewMs = 15 * 60_000;
const maxPresignSeconds = 7 * 24 * 3600;
export const emptySha256 = createHash('sha256').digest('hex');

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** Query pairs decoded as S3 reads them (`+` is a plus sign, not a space). */
export function queryPairs(rawQuery: string): Array<[string, string]> {
  if (rawQuery === '') return [];
  return rawQuery.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    const value = eq < 0 ? '' : pair.slice(eq + 1);
    try {
      return [decodeURIComponent(name), decodeURIComponent(value)];
    } catch {
      throw s3Errors.invalidArgument('Malformed query string');
    }
  });
}

function parseScope(credential: string): Pick<ClientSignature, 'accessKeyId' | 'date' | 'region' | 'service'> {
  const parts = credential.split('/');
  if (parts.length !== 5 || parts[4] !== 'aws4_request' || !/^\d{8}$/.test(parts[1] ?? ''))
    throw s3Errors.authorizationMalformed(`The credential is mal-formed: ${credential}`);
  const [accessKeyId = '', date = '', region = '', service = ''] = parts;
  return { accessKeyId, date, region, service };
}

/** The client's signature from the Authorization header or the presigned query; neither → AccessDenied. */
export function parseClientSignature(request: SigningRequest): ClientSignature {
  const authorization = header(request.headers, 'authorization');
  if (authorization?.startsWith('AWS4-HMAC-SHA256 ')) {
    const fields = new Map<string, string>();
    for (const part of authorization.slice('AWS4-HMAC-SHA256 '.length).split(',')) {
      const eq = part.indexOf('=');
      if (eq > 0) fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
    }
    const credential = fields.get('Credential');
    const signedHeaders = fields.get('SignedHeaders');
    const signature = fields.get('Signature');
    if (!credential || !signedHeaders || !signature) throw s3Errors.authorizationMalformed('The authorization header is malformed');
    const amzDate = header(request.headers, 'x-amz-date');
    if (!amzDate) throw s3Errors.missingSecurityHeader('x-amz-date');
    const payloadHash = header(request.headers, 'x-amz-content-sha256');
    if (!payloadHash) throw s3Errors.invalidRequest('Missing required header for this request: x-amz-content-sha256');
    return {
      ...parseScope(credential),
      signedHeaders: signedHeaders.split(';'),
      signature,
      amzDate,
      expires: null,
      sessionToken: header(request.headers, 'x-amz-security-token') ?? null,
      payloadHash,
    };
  }
  const query = new Map(queryPairs(request.rawQuery));
  if (query.get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256') {
    const credential = query.get('X-Amz-Credential');
    const signature = query.get('X-Amz-Signature');
    const amzDate = query.get('X-Amz-Date');
    const signedHeaders = query.get('X-Amz-SignedHeaders');
    const expires = Number(query.get('X-Amz-Expires'));
    if (!credential || !signature || !amzDate || !signedHeaders) throw s3Errors.authorizationMalformed('The presigned URL is malformed');
    if (!Number.isSafeInteger(expires) || expires < 1 || expires > maxPresignSeconds)
      throw s3Errors.authorizationMalformed('X-Amz-Expires must be from 1 to 604800 seconds');
    return {
      ...parseScope(credential),
      signedHeaders: signedHeaders.split(';'),
      signature,
      amzDate,
      expires,
      sessionToken: query.get('X-Amz-Security-Token') ?? null,
      payloadHash: query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
    };
  }
  throw s3Errors.accessDenied('Missing signature');
}

function amzDateMs(amzDate: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

/** Refuses a request signed too long ago (or ahead), or a presigned URL past its expiry. */
export function mustBeFresh(signature: ClientSignature, now = Date.now()): void {
  const signedAt = amzDateMs(signature.amzDate);
  if (Number.isNaN(signedAt) || !signature.amzDate.startsWith(signature.date))
    throw s3Errors.authorizationMalformed('X-Amz-Date does not match the credential scope');
  if (signature.expires === null) {
    if (Math.abs(now - signedAt) > maxSkewMs) throw s3Errors.timeTooSkewed();
  } else {
    if (signedAt - now > maxSkewMs) throw s3Errors.accessDenied('Request is not valid yet');
    if (now > signedAt + signature.expires * 1000) throw s3Errors.expired();
  }
}

/** RFC 3986 encoding as SigV4's canonical query uses it. */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalRequest(request: SigningRequest, signature: ClientSignature): string {
  const query = queryPairs(request.rawQuery)
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headers = signature.signedHeaders
    .map((name) => `${name}:${(header(request.headers, name) ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  return [request.method, request.rawPath, query, headers, signature.signedHeaders.join(';'), signature.payloadHash].join('\n');
}

export function signingKey(secret: string, signature: Pick<ClientSignature, 'date' | 'region' | 'service'>): Buffer {
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, signature.date), signature.region), signature.service), 'aws4_request');
}

export function scopeOf(signature: Pick<ClientSignature, 'date' | 'region' | 'service'>): string {
  return `${signature.date}/${signature.region}/${signature.service}/aws4_request`;
}

export function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether the client's signature is the one `secret` makes for this request. */
export function verifySignature(request: SigningRequest, signature: ClientSignature, secret: string): boolean {
  if (!signature.signedHeaders.includes('host')) throw s3Errors.accessDenied('The host header must be signed');
  const canonical = canonicalRequest(request, signature);
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    signature.amzDate,
    scopeOf(signature),
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const expected = createHmac('sha256', signingKey(secret, signature)).update(stringToSign).digest('hex');
  return sameHex(expected, signature.signature);
}
