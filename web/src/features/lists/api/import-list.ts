import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import type { ReadRow } from '../import/parse-import';

export interface MatchedRow extends ReadRow {
  match: { id: string; name: string } | null;
}

/**
 * Matches rows to existing places: the similar-places search (by name within 75 m) for 250
 * rows per call of match_places, two calls in flight, reporting progress after each.
 */
export async function matchRows(rows: ReadRow[], onProgress: (done: number) => void): Promise<MatchedRow[]> {
  const matched: MatchedRow[] = rows.map((row) => ({ ...row, match: null }));
  const batches = chunk(
    rows.map((row, index) => ({ row, index })),
    250,
  );
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++] ?? [];
      const { data, error } = await supabase.rpc('match_places', {
        names: batch.map((b) => b.row.name),
        lats: batch.map((b) => b.row.lat),
        lngs: batch.map((b) => b.row.lng),
      });
      if (error) throw error;
      for (const found of data) {
        const entry = batch[found.row_index - 1];
        if (entry) matched[entry.index] = { ...entry.row, match: { id: found.id, name: found.name } };
      }
      done += batch.length;
      onProgress(done);
    }
  };
  await Promise.all([worker(), worker()]);
  return matched;
}

const chunk = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/**
 * Writes the import: a new private list named after the file, new places for the rows the
 * member confirmed (category "other"), then every place on the list in the file's order.
 */
export async function importList(
  userId: string,
  name: string,
  rows: MatchedRow[],
  addNew: boolean,
  onProgress: (done: number) => void,
): Promise<string> {
  const list = await supabase
    .from('lists')
    .insert({ owner_id: userId, name: name.slice(0, 60) || 'Imported places' })
    .select('id')
    .single();
  if (list.error) throw list.error;
  const placeIds = new Map<number, string>();
  for (const row of rows) if (row.match) placeIds.set(row.row, row.match.id);
  const fresh = addNew ? rows.filter((row) => !row.match && row.name.length >= 2) : [];
  let done = 0;
  for (const part of chunk(fresh, 200)) {
    const created = await supabase
      .from('places')
      .insert(part.map((row) => ({ name: row.name, category: 'other' as const, lat: row.lat, lng: row.lng, created_by: userId })))
      .select('id');
    if (created.error) throw created.error;
    created.data.forEach((place, i) => placeIds.set(part[i]?.row ?? -1, place.id));
    onProgress((done += part.length));
  }
  const seen = new Set<string>();
  const entries = rows
    .filter((row) => placeIds.has(row.row))
    .map((row, i) => ({ list_id: list.data.id, place_id: placeIds.get(row.row) ?? '', note: row.note, position: i + 1, added_by: userId }))
    .filter((entry) => !seen.has(entry.place_id) && Boolean(seen.add(entry.place_id)))
    .slice(0, 1000);
  for (const part of chunk(entries, 200)) {
    const { error } = await supabase.from('list_places').insert(part);
    if (error) throw error;
    onProgress((done += part.length));
  }
  return list.data.id;
}

export function useImportList(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; rows: MatchedRow[]; addNew: boolean; onProgress: (done: number) => void }) =>
      importList(userId, input.name, input.rows, input.addNew, input.onProgress),
    meta: { errorTable: 'lists' },
    onSuccess: () => {
      toast.success('Import finished');
      void queryClient.invalidateQueries({ queryKey: listKeys.mineAll(userId) });
    },
  });
}
