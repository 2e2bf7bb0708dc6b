import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { parseByteSize, tomlTable, type TomlTable } from '../../lib/config.ts';
import { mustBeAllowedMimeType, mustBeValidBucketName, mustBeValidKey } from './limits.ts';
import { mimeTypeOf } from './mime.ts';
import type { StorageDeps } from './request-handling.ts';
import { commitObject } from './upload.ts';

export interface ConfiguredBucket {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
  /** Absolute folder whose files seed the bucket, or null. */
  objectsPath: string | null;
}

/** `[storage.buckets.<name>]` tables of config.toml, as the Supabase CLI reads them. */
export function configuredBuckets(toml: TomlTable, projectDir: string): ConfiguredBucket[] {
  return Object.entries(tomlTable(toml, 'storage.buckets')).flatMap(([id, value]) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
    const table = value as TomlTable;
    mustBeValidBucketName(id);
    const limit =
      typeof table.file_size_limit === 'string' || typeof table.file_size_limit === 'number' ? parseByteSize(table.file_size_limit) : null;
    if (table.file_size_limit !== undefined && limit === null)
      throw new Error(`config.toml: storage.buckets.${id}.file_size_limit "${String(table.file_size_limit)}" is not a size like "50MiB"`);
    const mimes = Array.isArray(table.allowed_mime_types)
      ? table.allowed_mime_types.filter((m): m is string => typeof m === 'string')
      : null;
    return [
      {
        id,
        public: table.public === true,
        fileSizeLimit: limit,
        allowedMimeTypes: mimes && mimes.length > 0 ? mimes : null,
        objectsPath:
          typeof table.objects_path === 'string' && table.objects_path !== '' ? path.resolve(projectDir, table.objects_path) : null,
      },
    ];
  });
}

/**
 * Creates or updates each configured bucket (the CLI's `seed buckets`: upsert of the bucket's
 * settings); returns the ids of the buckets this call created.
 */
export async function syncBuckets(ctx: StorageDeps, buckets: ConfiguredBucket[]): Promise<Set<string>> {
  const created = new Set<string>();
  if (buckets.length === 0) return created;
  await ctx.db.transaction({ kind: 'system' }, async (tx) => {
    for (const b of buckets) {
      const { rows } = await tx.query<{ inserted: boolean }>(
        `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $1, $2, $3, $4)
         on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
           allowed_mime_types = excluded.allowed_mime_types, updated_at = now()
         returning (xmax = 0) as inserted`,
        [b.id, b.public, b.fileSizeLimit, b.allowedMimeTypes],
      );
      if (rows[0]?.inserted) created.add(b.id);
    }
  });
  return created;
}

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * Uploads every file under a bucket's `objects_path` (keys = paths relative to it, content
 * type from the extension), as the CLI does on a fresh `supabase start`. A file the bucket's
 * limits refuse is skipped with a warning rather than failing the boot.
 */
export async function seedObjects(ctx: StorageDeps, bucket: ConfiguredBucket): Promise<number> {
  if (!bucket.objectsPath) return 0;
  let files: string[];
  try {
    files = await listFiles(bucket.objectsPath);
  } catch (error: unknown) {
    ctx.log.warn(
      `storage: objects_path of bucket "${bucket.id}" (${bucket.objectsPath}) cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 0;
  }
  const limit = Math.min(bucket.fileSizeLimit ?? Number.POSITIVE_INFINITY, ctx.globalLimit);
  let seeded = 0;
  for (const key of files) {
    const mimeType = mimeTypeOf(key);
    try {
      mustBeValidKey(key);
      mustBeAllowedMimeType(mimeType, bucket.allowedMimeTypes);
      const written = await ctx.files.writeTemp(createReadStream(path.join(bucket.objectsPath, key)), limit);
      const version = randomUUID();
      await ctx.files.place(written.tmpPath, version);
      const metadata = {
        eTag: `"${written.md5}"`,
        size: written.size,
        mimetype: mimeType,
        cacheControl: 'max-age=3600',
        lastModified: new Date().toISOString(),
        contentLength: written.size,
        httpStatusCode: 200,
      };
      await commitObject(ctx, { name: key, owner: undefined, bucketId: bucket.id, version, metadata, userMetadata: undefined }, true);
      seeded++;
    } catch (error: unknown) {
      ctx.log.warn(`storage: not seeding ${bucket.id}/${key}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return seeded;
}
