import { mustFindBucketAsAdmin } from '../db.ts';
import { identityOf, xmlResponse, type S3Request } from './context.ts';
import { s3Errors } from './errors.ts';
import { xmlDocument } from './xml.ts';

/** Above every character in UTF-8 byte order: `prefix + top` sorts after every key under `prefix`. */
const top = '\u{10FFFF}';

interface Listed {
  keys: Array<{ name: string; metadata: Record<string, unknown> | null; updated_at: string }>;
  prefixes: string[];
  /** Where the next page starts (exclusive), or null when this was the last. */
  next: string | null;
}

/**
 * Keys of a bucket in UTF-8 byte order (collation "C", as S3 orders them), as the caller may
 * see them (RLS), after `after`, grouped into common prefixes at `delimiter`. Pages of the
 * database are read until `max` entries are found, skipping each group at once.
 */
async function listKeys(request: S3Request, prefix: string, delimiter: string, after: string, max: number): Promise<Listed> {
  const listed: Listed = { keys: [], prefixes: [], next: null };
  let cursor = after;
  const batch = Math.min(Math.max(max, 100), 1000) + 1;
  for (;;) {
    const { rows } = await request.deps.db.transaction(identityOf(request, 'object.list_objects'), (tx) =>
      tx.query<{ name: string; metadata: Record<string, unknown> | null; updated_at: string }>(
        `select name, metadata, updated_at::text as updated_at from storage.objects
          where bucket_id = $1 and name collate "C" > $2 and starts_with(name, $3)
          order by name collate "C" limit $4`,
        [request.bucket, cursor, prefix, batch],
      ),
    );
    for (const row of rows) {
      if (listed.keys.length + listed.prefixes.length === max) {
        listed.next = cursor;
        return listed;
      }
      const rest = row.name.slice(prefix.length);
      const at = delimiter ? rest.indexOf(delimiter) : -1;
      if (at >= 0) {
        const common = prefix + rest.slice(0, at + delimiter.length);
        listed.prefixes.push(common);
        cursor = common + top;
        break;
      }
      listed.keys.push(row);
      cursor = row.name;
    }
    const grouped = listed.prefixes.length > 0 && cursor.endsWith(top);
    if (rows.length < batch && !grouped) return listed;
    if (rows.length === 0) return listed;
  }
}

function maxKeysOf(request: S3Request): number {
  const raw = request.query.get('max-keys');
  if (raw === undefined) return 1000;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw s3Errors.invalidArgument('max-keys must be a non-negative integer');
  return Math.min(n, 1000);
}

function token(cursor: string): string {
  return Buffer.from(cursor, 'utf8').toString('base64url');
}

function fromToken(value: string): string {
  const decoded = Buffer.from(value, 'base64url').toString('utf8');
  if (token(decoded) !== value) throw s3Errors.invalidArgument('The continuation token provided is incorrect');
  return decoded;
}

function contents(listed: Listed) {
  return listed.keys.map((row) => ({
    Key: row.name,
    LastModified: new Date(typeof row.metadata?.lastModified === 'string' ? row.metadata.lastModified : row.updated_at).toISOString(),
    ETag: typeof row.metadata?.eTag === 'string' ? row.metadata.eTag : undefined,
    Size: Number(row.metadata?.size ?? 0),
    StorageClass: 'STANDARD',
  }));
}

/** ListObjectsV2 (`list-type=2`) and ListObjects (v1, `marker`): prefix, delimiter, paging. */
export async function listObjects(request: S3Request): Promise<Response> {
  await mustFindBucketAsAdmin(request.deps.db, request.bucket);
  const v2 = request.query.get('list-type') === '2';
  const prefix = request.query.get('prefix') ?? '';
  const delimiter = request.query.get('delimiter') ?? '';
  const max = maxKeysOf(request);
  const continuation = request.query.get('continuation-token');
  const after = v2
    ? continuation !== undefined
      ? fromToken(continuation)
      : (request.query.get('start-after') ?? '')
    : (request.query.get('marker') ?? '');
  const listed = max === 0 ? { keys: [], prefixes: [], next: null } : await listKeys(request, prefix, delimiter, after, max);
  const common = listed.prefixes.map((Prefix) => ({ Prefix }));
  const truncated = listed.next !== null;
  const body = v2
    ? {
        Name: request.bucket,
        Prefix: prefix,
        Delimiter: delimiter || undefined,
        MaxKeys: max,
        KeyCount: listed.keys.length + listed.prefixes.length,
        IsTruncated: truncated,
        ContinuationToken: continuation,
        NextContinuationToken: truncated && listed.next !== null ? token(listed.next) : undefined,
        StartAfter: request.query.get('start-after'),
        Contents: contents(listed),
        CommonPrefixes: common,
      }
    : {
        Name: request.bucket,
        Prefix: prefix,
        Marker: after,
        Delimiter: delimiter || undefined,
        MaxKeys: max,
        IsTruncated: truncated,
        NextMarker: truncated && delimiter ? (listed.next ?? undefined) : undefined,
        Contents: contents(listed),
        CommonPrefixes: common,
      };
  return xmlResponse(xmlDocument('ListBucketResult', body));
}
