import type { SupabaseClient } from '@supabase/supabase-js';

/** Every object key under `<folder>/` in a bucket, descending into sub-folders. */
export async function listFolder(client: SupabaseClient, bucket: string, folder: string): Promise<string[]> {
  const keys: string[] = [];
  const pageSize = 1000;
  for (let offset = 0; ; offset += pageSize) {
    const { data, error } = await client.storage
      .from(bucket)
      .list(folder, { limit: pageSize, offset, sortBy: { column: 'name', order: 'asc' } });
    if (error) throw error;
    for (const item of data) {
      // Folders come back with a null id (the real service's list shape).
      if (item.id === null) keys.push(...(await listFolder(client, bucket, `${folder}/${item.name}`)));
      else keys.push(`${folder}/${item.name}`);
    }
    if (data.length < pageSize) return keys;
  }
}

/** Removes the given keys in batches; returns how many the service removed. */
export async function removeKeys(client: SupabaseClient, bucket: string, keys: string[]): Promise<number> {
  let removed = 0;
  for (let i = 0; i < keys.length; i += 500) {
    const { data, error } = await client.storage.from(bucket).remove(keys.slice(i, i + 500));
    if (error) throw error;
    removed += data.length;
  }
  return removed;
}
