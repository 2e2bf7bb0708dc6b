import type { Database, Tx, TxIdentity } from '../../db/types.ts';
import { errors } from './errors.ts';

export interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

export interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  owner_id: string | null;
}

const rollback = Symbol('permission probe');

/**
 * Runs `fn` as the caller and rolls it back: the real service's `testPermission`, so an
 * INSERT/UPDATE tells whether RLS would allow the write without keeping it.
 */
export async function testPermission<T>(db: Database, who: TxIdentity, fn: (tx: Tx) => Promise<T>): Promise<T> {
  let result: { value: T } | null = null;
  try {
    await db.transaction(who, async (tx) => {
      result = { value: await fn(tx) };
      throw rollback;
    });
  } catch (error: unknown) {
    if (error !== rollback) throw error;
  }
  if (!result) throw new Error('permission probe returned nothing');
  return (result as { value: T }).value;
}

/** Lets this transaction delete rows (storage.protect_delete trigger). */
export async function allowDeletes(tx: Tx): Promise<void> {
  await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
}

const bucketColumns = 'id, public, file_size_limit, allowed_mime_types';

/** Bucket lookup as the storage admin (upstream `asSuperUser().findBucket`). */
export async function findBucketAsAdmin(db: Database, id: string): Promise<BucketRow | null> {
  return db.transaction({ kind: 'system' }, async (tx) => {
    const { rows } = await tx.query<BucketRow>(`select ${bucketColumns} from storage.buckets where id = $1`, [id]);
    return rows[0] ?? null;
  });
}

export async function mustFindBucketAsAdmin(db: Database, id: string): Promise<BucketRow> {
  const bucket = await findBucketAsAdmin(db, id);
  if (!bucket) throw errors.noSuchBucket();
  return bucket;
}

export const objectColumns = 'id, name, bucket_id, version, metadata, user_metadata, created_at, updated_at, owner_id';

/**
 * A public bucket's object in one statement (the public download and render routes): no bucket
 * or a private one → NoSuchBucket, no object → NoSuchKey, as the two lookups would answer.
 */
export async function findPublicObject(tx: Tx, bucketId: string, name: string): Promise<ObjectRow> {
  const columns = objectColumns
    .split(', ')
    .map((column) => `o.${column}`)
    .join(', ');
  const { rows } = await tx.query<ObjectRow & { bucket_public: boolean; found: boolean }>(
    `select b.public as bucket_public, o.id is not null as found, ${columns}
       from storage.buckets b left join storage.objects o on o.bucket_id = b.id and o.name = $2
      where b.id = $1 limit 1`,
    [bucketId, name],
  );
  const row = rows[0];
  if (!row?.bucket_public) throw errors.noSuchBucket();
  if (!row.found) throw errors.noSuchKey();
  const { bucket_public: _public, found: _found, ...object } = row;
  return object;
}

export async function findObject(tx: Tx, bucketId: string, name: string): Promise<ObjectRow> {
  const { rows } = await tx.query<ObjectRow>(`select ${objectColumns} from storage.objects where bucket_id = $1 and name = $2 limit 1`, [
    bucketId,
    name,
  ]);
  const row = rows[0];
  if (!row) throw errors.noSuchKey();
  return row;
}
