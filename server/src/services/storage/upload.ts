import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Database, Tx, TxIdentity } from '../../db/types.ts';
import { isUuid } from './caller.ts';
import { mustFindBucketAsAdmin, testPermission } from './db.ts';
import { errors, hasSqlState } from './errors.ts';
import type { FileStore } from './files.ts';
import { mustBeAllowedMimeType, mustBeValidKey } from './limits.ts';
import { leadingBytesCheck } from './media-type.ts';
import { drainRequest, readUploadSource, type UploadSource } from './upload-source.ts';

export interface UploadDeps {
  db: Database;
  files: FileStore;
  /** `[storage] file_size_limit` of config.toml, in bytes. */
  globalLimit: number;
}

export interface UploadRequest {
  bucketId: string;
  objectName: string;
  owner: string | undefined;
  isUpsert: boolean;
  /** The caller to test RLS as; null when a signed upload token already authorized it. */
  caller: TxIdentity | null;
}

export interface ObjectRecord {
  name: string;
  owner: string | undefined;
  bucketId: string;
  version: string;
  metadata: Record<string, unknown>;
  userMetadata: Record<string, unknown> | undefined;
}

function rowValues(record: ObjectRecord): unknown[] {
  return [
    record.bucketId,
    record.name,
    isUuid(record.owner) ? record.owner : null,
    record.owner ?? null,
    JSON.stringify(record.metadata),
    record.userMetadata === undefined ? null : JSON.stringify(record.userMetadata),
    record.version,
  ];
}

const insertSql = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`;
const upsertSql = `${insertSql}
  on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
    metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version`;

/** The write storage tests for permission (uploader.ts canUpload): INSERT, or INSERT … ON CONFLICT DO UPDATE. */
export async function writeObjectRow(tx: Tx, record: ObjectRecord, isUpsert: boolean): Promise<string> {
  try {
    const { rows } = await tx.query<{ id: string }>(`${isUpsert ? upsertSql : insertSql} returning id`, rowValues(record));
    return rows[0]?.id ?? '';
  } catch (error: unknown) {
    if (hasSqlState(error, '23505')) throw errors.keyAlreadyExists();
    throw error;
  }
}

/** Probes without RETURNING for plain inserts, as upstream (RETURNING would also need SELECT). */
export async function canWriteObject(db: Database, who: TxIdentity, record: ObjectRecord, isUpsert: boolean): Promise<void> {
  await testPermission(db, who, async (tx) => {
    try {
      await tx.query(isUpsert ? `${upsertSql} returning id` : insertSql, rowValues(record));
    } catch (error: unknown) {
      if (hasSqlState(error, '23505')) throw errors.keyAlreadyExists();
      throw error;
    }
  });
}

/**
 * Commits a placed file: the row is written by the storage admin in one short transaction
 * (upstream completeUpload), and the replaced version's file is removed after commit.
 */
export async function commitObject(deps: UploadDeps, record: ObjectRecord, isUpsert: boolean): Promise<string> {
  let previous: string | null = null;
  let id: string;
  try {
    id = await deps.db.transaction({ kind: 'system' }, async (tx) => {
      const { rows } = await tx.query<{ version: string | null }>(
        'select version from storage.objects where bucket_id = $1 and name = $2 for update',
        [record.bucketId, record.name],
      );
      previous = rows[0]?.version ?? null;
      return writeObjectRow(tx, record, isUpsert);
    });
  } catch (error: unknown) {
    await deps.files.remove(record.version);
    throw error;
  }
  if (previous !== record.version) await deps.files.remove(previous);
  return id;
}

function isEmptyFolderPlaceholder(name: string): boolean {
  return name.endsWith('.emptyFolderPlaceholder');
}

/**
 * An upload from a request, streamed: permission is tested first in a rolled-back
 * transaction, the body goes to a temp file (hashed, counted, limited), then the row is
 * written and the file put in place. No transaction is open while bytes flow.
 */
export async function uploadFromRequest(
  deps: UploadDeps,
  request: IncomingMessage,
  upload: UploadRequest,
): Promise<{ id: string; key: string }> {
  let source: UploadSource | undefined;
  try {
    mustBeValidKey(upload.objectName);
    const bucket = await mustFindBucketAsAdmin(deps.db, upload.bucketId);
    const placeholder = isEmptyFolderPlaceholder(upload.objectName);
    const limit = placeholder ? 0 : Math.min(bucket.file_size_limit ?? Number.POSITIVE_INFINITY, deps.globalLimit);
    source = await readUploadSource(request, limit);
    if (!placeholder) mustBeAllowedMimeType(source.mimeType, bucket.allowed_mime_types);
    if (source.declaredLength !== undefined && source.declaredLength > limit) throw errors.entityTooLarge();
    const record: ObjectRecord = {
      name: upload.objectName,
      owner: upload.owner,
      bucketId: upload.bucketId,
      version: randomUUID(),
      metadata: { mimetype: source.mimeType, contentLength: source.declaredLength },
      // Upstream's uploader stores `{ ...userMetadata }`: an upload without metadata keeps `{}`.
      userMetadata: source.userMetadata ?? {},
    };
    if (upload.caller) await canWriteObject(deps.db, upload.caller, record, upload.isUpsert);
    const written = await deps.files.writeTemp(
      source.body,
      limit,
      placeholder ? undefined : leadingBytesCheck(source.mimeType, bucket.allowed_mime_types),
    );
    await deps.files.place(written.tmpPath, record.version);
    record.metadata = {
      eTag: `"${written.md5}"`,
      size: written.size,
      mimetype: source.mimeType,
      cacheControl: source.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: written.size,
      httpStatusCode: 200,
    };
    const id = await commitObject(deps, record, upload.isUpsert);
    return { id, key: `${upload.bucketId}/${upload.objectName}` };
  } catch (error: unknown) {
    await drainRequest(request, source?.body);
    throw error;
  }
}
