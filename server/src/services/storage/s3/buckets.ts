import { allowDeletes } from '../db.ts';
import { errors, hasSqlState } from '../errors.ts';
import { mustBeValidBucketName } from '../limits.ts';
import { header, identityOf, xmlResponse, type S3Request } from './context.ts';
import { xmlDocument } from './xml.ts';

/** ListBuckets: the buckets the caller may see (RLS on storage.buckets). */
export async function listBuckets(request: S3Request): Promise<Response> {
  const { rows } = await request.deps.db.transaction(identityOf(request, 'bucket.list_buckets'), (tx) =>
    tx.query<{ id: string; created_at: string }>('select id, created_at::text as created_at from storage.buckets order by id collate "C"'),
  );
  return xmlResponse(
    xmlDocument('ListAllMyBucketsResult', {
      Owner: { ID: request.caller.owner ?? request.caller.role, DisplayName: request.caller.owner ?? request.caller.role },
      Buckets: { Bucket: rows.map((r) => ({ Name: r.id, CreationDate: new Date(r.created_at).toISOString() })) },
    }),
  );
}

/** CreateBucket: private unless `x-amz-acl: public-read`, created as the caller (RLS on storage.buckets). */
export async function createBucket(request: S3Request): Promise<Response> {
  mustBeValidBucketName(request.bucket);
  const isPublic = header(request, 'x-amz-acl') === 'public-read' || header(request, 'x-amz-acl') === 'public-read-write';
  try {
    await request.deps.db.transaction(identityOf(request, 'bucket.create_bucket'), (tx) =>
      tx.query('insert into storage.buckets (id, name, owner, owner_id, public) values ($1, $1, $2, $3, $4)', [
        request.bucket,
        request.caller.owner && /^[0-9a-f-]{36}$/i.test(request.caller.owner) ? request.caller.owner : null,
        request.caller.owner ?? null,
        isPublic,
      ]),
    );
  } catch (error: unknown) {
    if (hasSqlState(error, '23505')) throw errors.bucketAlreadyExists();
    throw error;
  }
  return new Response(null, { status: 200, headers: { Location: `/${request.bucket}` } });
}

/** HeadBucket: 200 when the caller can see the bucket, else NoSuchBucket (no body: a HEAD). */
export async function headBucket(request: S3Request): Promise<Response> {
  const { rows } = await request.deps.db.transaction(identityOf(request, 'bucket.get_bucket'), (tx) =>
    tx.query('select 1 from storage.buckets where id = $1', [request.bucket]),
  );
  if (rows.length === 0) throw errors.noSuchBucket();
  return new Response(null, { status: 200, headers: { 'x-amz-bucket-region': request.deps.config.s3.region } });
}

/** GetBucketLocation: the configured region. */
export async function bucketLocation(request: S3Request): Promise<Response> {
  await headBucket(request);
  return xmlResponse(
    xmlDocument('LocationConstraint', { _: undefined }).replace(
      '</LocationConstraint>',
      `${request.deps.config.s3.region}</LocationConstraint>`,
    ),
  );
}

/** DeleteBucket: as the caller; a bucket with objects is BucketNotEmpty. */
export async function deleteBucket(request: S3Request): Promise<Response> {
  const deleted = await request.deps.db.transaction(identityOf(request, 'bucket.delete_bucket'), async (tx) => {
    await allowDeletes(tx);
    const objects = await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [request.bucket]);
    if (objects.rows.length > 0) throw errors.bucketNotEmpty();
    return (await tx.query('delete from storage.buckets where id = $1 returning id', [request.bucket])).rows.length;
  });
  if (deleted === 0) throw errors.noSuchBucket();
  return new Response(null, { status: 204 });
}
