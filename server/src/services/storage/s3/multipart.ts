import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { Tx } from '../../../db/types.ts';
import { errors } from '../errors.ts';
import { mustBeAllowedMimeType, mustBeValidKey } from '../limits.ts';
import { drainRequest } from '../upload-source.ts';
import { canWriteObject, commitObject, type ObjectRecord } from '../upload.ts';
import { bodyStream, header, identityOf, smallBody, userMetadataOf, xmlResponse, type S3Request } from './context.ts';
import { s3Errors } from './errors.ts';
import { objectMetadata, uploadLimit } from './objects.ts';
import { xmlDocument, xmlItems } from './xml.ts';

/**
 * Multipart uploads (supabase/storage `src/storage/protocols/s3/s3-handler.ts`): the upload and
 * its parts are rows of storage.s3_multipart_uploads(_parts), each part a file written as it
 * streams in, so a 1 GB object never sits in memory; completing concatenates the part files
 * into the object's file, stream to stream. Only the caller who started an upload (or
 * service_role) may add to, list, complete or abort it.
 */
interface UploadRow {
  id: string;
  owner_id: string | null;
  metadata: { mimetype?: string; cacheControl?: string } | null;
  user_metadata: Record<string, unknown> | null;
}

interface PartRow {
  part_number: number;
  etag: string;
  size: string;
  version: string;
  created_at: string;
}

const minPartSize = 5 * 1024 * 1024;

async function findUpload(request: S3Request): Promise<UploadRow> {
  const uploadId = request.query.get('uploadId') ?? '';
  const { rows } = await request.deps.db.transaction({ kind: 'system' }, (tx) =>
    tx.query<UploadRow>(
      'select id, owner_id, metadata, user_metadata from storage.s3_multipart_uploads where id = $1 and bucket_id = $2 and key = $3',
      [uploadId, request.bucket, request.key],
    ),
  );
  const upload = rows[0];
  if (!upload) throw s3Errors.noSuchUpload();
  if (request.caller.role !== 'service_role' && upload.owner_id !== (request.caller.owner ?? null)) throw s3Errors.accessDenied();
  return upload;
}

async function partsOf(tx: Tx, uploadId: string): Promise<PartRow[]> {
  const { rows } = await tx.query<PartRow>(
    'select part_number, etag, size::text as size, version, created_at::text as created_at from storage.s3_multipart_uploads_parts where upload_id = $1 order by part_number',
    [uploadId],
  );
  return rows;
}

/** CreateMultipartUpload: the caller must be allowed to write the key (tested now, and again on completion). */
export async function createMultipartUpload(request: S3Request): Promise<Response> {
  mustBeValidKey(request.key);
  const { allowed } = await uploadLimit(request, request.bucket);
  const mimeType = header(request, 'content-type') ?? 'application/octet-stream';
  mustBeAllowedMimeType(mimeType, allowed);
  const probe: ObjectRecord = {
    name: request.key,
    owner: request.caller.owner,
    bucketId: request.bucket,
    version: randomUUID(),
    metadata: { mimetype: mimeType },
    userMetadata: userMetadataOf(request),
  };
  await canWriteObject(request.deps.db, identityOf(request, 'object.create_multipart_upload'), probe, true);
  const uploadId = randomBytes(24).toString('base64url');
  await request.deps.db.transaction({ kind: 'system' }, (tx) =>
    tx.query(
      `insert into storage.s3_multipart_uploads (id, upload_signature, bucket_id, key, version, owner_id, metadata, user_metadata)
       values ($1, '', $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
      [
        uploadId,
        request.bucket,
        request.key,
        probe.version,
        request.caller.owner ?? null,
        JSON.stringify({ mimetype: mimeType, cacheControl: header(request, 'cache-control') ?? 'no-cache' }),
        JSON.stringify(probe.userMetadata),
      ],
    ),
  );
  return xmlResponse(xmlDocument('InitiateMultipartUploadResult', { Bucket: request.bucket, Key: request.key, UploadId: uploadId }));
}

/** UploadPart: the part streams to its own file; a part number sent again replaces the earlier part. */
export async function uploadPart(request: S3Request): Promise<Response> {
  const { deps } = request;
  try {
    const partNumber = Number(request.query.get('partNumber'));
    if (!Number.isSafeInteger(partNumber) || partNumber < 1 || partNumber > 10_000)
      throw s3Errors.invalidArgument('Part number must be an integer between 1 and 10000, inclusive');
    const upload = await findUpload(request);
    const { limit } = await uploadLimit(request, request.bucket);
    const written = await deps.files.writeTemp(bodyStream(request), limit);
    const version = randomUUID();
    await deps.files.place(written.tmpPath, version);
    const etag = `"${written.md5}"`;
    const replaced = await deps.db.transaction({ kind: 'system' }, async (tx) => {
      const previous = await tx.query<{ version: string }>(
        'delete from storage.s3_multipart_uploads_parts where upload_id = $1 and part_number = $2 returning version',
        [upload.id, partNumber],
      );
      await tx.query(
        `insert into storage.s3_multipart_uploads_parts (upload_id, size, part_number, bucket_id, key, etag, owner_id, version)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [upload.id, written.size, partNumber, request.bucket, request.key, etag, upload.owner_id, version],
      );
      return previous.rows;
    });
    for (const row of replaced) await deps.files.remove(row.version);
    return new Response(null, { status: 200, headers: { ETag: etag } });
  } catch (error: unknown) {
    await drainRequest(request.incoming);
    throw error;
  }
}

/** ListParts: in part-number order, from `part-number-marker`, at most `max-parts` (1000). */
export async function listParts(request: S3Request): Promise<Response> {
  const upload = await findUpload(request);
  const marker = Number(request.query.get('part-number-marker') ?? 0);
  const max = Math.min(Number(request.query.get('max-parts') ?? 1000), 1000);
  if (!Number.isSafeInteger(marker) || !Number.isSafeInteger(max) || max < 0)
    throw s3Errors.invalidArgument('Invalid part-number-marker or max-parts');
  const parts = (await request.deps.db.transaction({ kind: 'system' }, (tx) => partsOf(tx, upload.id))).filter(
    (p) => p.part_number > marker,
  );
  const page = parts.slice(0, max);
  const truncated = parts.length > page.length;
  return xmlResponse(
    xmlDocument('ListPartsResult', {
      Bucket: request.bucket,
      Key: request.key,
      UploadId: upload.id,
      PartNumberMarker: marker,
      NextPartNumberMarker: truncated ? page.at(-1)?.part_number : undefined,
      MaxParts: max,
      IsTruncated: truncated,
      Part: page.map((p) => ({
        PartNumber: p.part_number,
        LastModified: new Date(p.created_at).toISOString(),
        ETag: p.etag,
        Size: Number(p.size),
      })),
    }),
  );
}

/** Removes an upload's rows and part files. */
async function discard(request: S3Request, uploadId: string, keepVersions: Set<string> = new Set()): Promise<void> {
  const versions = await request.deps.db.transaction({ kind: 'system' }, async (tx) => {
    const parts = await tx.query<{ version: string }>('select version from storage.s3_multipart_uploads_parts where upload_id = $1', [
      uploadId,
    ]);
    await tx.query('delete from storage.s3_multipart_uploads where id = $1', [uploadId]);
    return parts.rows.map((r) => r.version);
  });
  for (const version of versions) if (!keepVersions.has(version)) await request.deps.files.remove(version);
}

/** AbortMultipartUpload: 204, the parts are gone. */
export async function abortMultipartUpload(request: S3Request): Promise<Response> {
  const upload = await findUpload(request);
  await discard(request, upload.id);
  return new Response(null, { status: 204 });
}

/**
 * CompleteMultipartUpload: the listed parts, in ascending order, each with its ETag, all but
 * the last at least 5 MiB (S3's rules); the object's ETag is S3's: the MD5 of the parts' MD5s
 * and the number of parts.
 */
export async function completeMultipartUpload(request: S3Request): Promise<Response> {
  const { deps } = request;
  const upload = await findUpload(request);
  const listed = xmlItems(await smallBody(request), 'CompleteMultipartUpload', 'Part').map((p) => ({
    number: Number(p.PartNumber),
    etag: (p.ETag ?? '').replace(/^"?/, '"').replace(/"?$/, '"'),
  }));
  if (listed.length === 0 || listed.some((p) => !Number.isSafeInteger(p.number))) throw s3Errors.malformedXml();
  for (let i = 1; i < listed.length; i++) if ((listed[i]?.number ?? 0) <= (listed[i - 1]?.number ?? 0)) throw s3Errors.invalidPartOrder();
  const stored = new Map((await deps.db.transaction({ kind: 'system' }, (tx) => partsOf(tx, upload.id))).map((p) => [p.part_number, p]));
  const parts = listed.map((p) => {
    const part = stored.get(p.number);
    if (!part || part.etag !== p.etag) throw s3Errors.invalidPart();
    return part;
  });
  if (parts.slice(0, -1).some((p) => Number(p.size) < minPartSize)) throw s3Errors.entityTooSmall();
  const { limit, allowed } = await uploadLimit(request, request.bucket);
  const total = parts.reduce((sum, p) => sum + Number(p.size), 0);
  if (total > limit) throw errors.entityTooLarge();
  const mimeType = upload.metadata?.mimetype ?? 'application/octet-stream';
  mustBeAllowedMimeType(mimeType, allowed);
  const record: ObjectRecord = {
    name: request.key,
    owner: request.caller.owner,
    bucketId: request.bucket,
    version: randomUUID(),
    metadata: { mimetype: mimeType },
    userMetadata: upload.user_metadata ?? {},
  };
  await canWriteObject(deps.db, identityOf(request, 'object.complete_multipart_upload'), record, true);
  const files = deps.files;
  const joined = Readable.from(
    (async function* () {
      for (const part of parts) yield* createReadStream(files.pathOf(part.version));
    })(),
  );
  const written = await files.writeTemp(joined, limit);
  await files.place(written.tmpPath, record.version);
  const digest = createHash('md5');
  for (const part of parts) digest.update(Buffer.from(part.etag.replaceAll('"', ''), 'hex'));
  const etag = `"${digest.digest('hex')}-${parts.length}"`;
  record.metadata = objectMetadata(etag, written.size, mimeType, upload.metadata?.cacheControl ?? 'no-cache');
  await commitObject(deps, record, true);
  await discard(request, upload.id);
  return xmlResponse(
    xmlDocument('CompleteMultipartUploadResult', {
      Location: `${deps.config.publicUrl}/storage/v1/s3/${request.bucket}/${request.key}`,
      Bucket: request.bucket,
      Key: request.key,
      ETag: etag,
    }),
  );
}
