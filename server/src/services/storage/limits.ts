import { errors } from './errors.ts';
import { mustBeStrictMimeType } from './media-type.ts';

// supabase/storage src/storage/limits.ts: only S3-safe characters in keys and bucket names.
const validObjectKey = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const validBucketName = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;
/** S3's key limit (bytes); upstream's database column has none, its S3 backend refuses longer. */
export const maxKeyLength = 1024;

/**
 * Refuses keys the real service refuses (`mustBeValidKey`) plus what its file backend refuses
 * (`secure-path.ts`: dot segments), and empty segments: a key is never a filesystem path here,
 * but the same keys must be refused as on hosted with a file backend.
 */
export function mustBeValidKey(key: string | undefined): asserts key is string {
  if (!key || !validObjectKey.test(key)) throw errors.invalidKey(key ?? '');
  if (Buffer.byteLength(key) > maxKeyLength) throw errors.invalidKey(key, 'is too long');
  if (key.startsWith('/')) throw errors.invalidKey(key, 'must be a relative path');
  const segments = key.split('/');
  if (segments.some((s) => s === '.' || s === '..')) throw errors.invalidKey(key, 'contains dot path segment');
  if (segments.some((s) => s === '')) throw errors.invalidKey(key, 'contains an empty path segment');
}

export function mustBeValidBucketName(name: string | undefined): asserts name is string {
  if (!name || name.length > 100 || name.trim() !== name || !validBucketName.test(name)) throw errors.invalidBucketName();
}

/** Bucket `allowed_mime_types` entries (storage.ts validateMimeType). */
export function mustBeValidMimeTypes(types: string[]): void {
  for (const type of types) {
    if (type.length > 1000 || !/^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/.test(type)) {
      throw errors.invalidMimeType(type);
    }
  }
}

/**
 * Upload check against a bucket's list, `image/*` wildcards included (uploader.ts
 * validateMimeType). Every upload's type must first be exactly one media type: upstream splits
 * on `/` only, so `image/png; text/html` or `image/png, text/html` passed an `image/*` bucket.
 */
export function mustBeAllowedMimeType(mimeType: string, allowed: string[] | null): void {
  mustBeStrictMimeType(mimeType);
  if (!allowed || allowed.length === 0) return;
  // Parameters are part of the subtype, as upstream compares them (`text/plain;charset=x` ≠ `text/plain`).
  const [type, subtype] = mimeType.split('/');
  if (!type || subtype === undefined) throw errors.invalidMimeType(mimeType);
  for (const entry of allowed) {
    const [allowedType, allowedSubtype] = entry.split('/');
    if (allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)) return;
  }
  throw errors.invalidMimeType(mimeType);
}

/** `file_size_limit` given as "20MB" (storage limits.ts parseFileSizeToBytes: decimal units). */
export function parseFileSizeToBytes(value: string): number {
  const match = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value.trim());
  if (!match) throw errors.invalidFileSizeLimit();
  const n = Number(Number.parseFloat(match[1] ?? '0').toPrecision(3));
  const factor = { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 }[(match[2] ?? 'b').toLowerCase() as 'gb' | 'mb' | 'kb' | 'b'];
  return n * factor;
}
