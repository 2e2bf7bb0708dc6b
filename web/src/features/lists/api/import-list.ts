import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import { guessCategory, type GuessedCategory } from '../import/guess-category';
import type { ReadRow } from '../import/parse-import';

export interface MatchedRow extends ReadRow {
  /** The Pinstar place it is, and how that was found. */
  match: { id: string; name: string; by: 'place within 75 m' | 'name' | 'name and address' } | null;
  /** The category a new place takes (guessed, changed in the preview). */
  category: GuessedCategory;
}

const chunk = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/**
 * Matches rows to existing places, 250 rows per call, two calls in flight, reporting progress
 * after each: rows with coordinates by a similar name within 75 m (match_places), rows without
 * by their name and address alone (match_places_by_name, decision 323).
 */
export async function matchRows(rows: ReadRow[], onProgress: (done: number) => void): Promise<MatchedRow[]> {
  const matched: MatchedRow[] = rows.map((row) => ({ ...row, match: null, category: guessCategory(row.name, row.type) }));
  const indexed = rows.map((row, index) => ({ row, index }));
  const batches = [
    ...chunk(
      indexed.filter((r) => r.row.lat !== null),
      250,
    ).map((batch) => ({ batch, located: true })),
    ...chunk(
      indexed.filter((r) => r.row.lat === null),
      250,
    ).map((batch) => ({ batch, located: false })),
  ];
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < batches.length) {
      const { batch, located } = batches[next++] ?? { batch: [], located: true };
      const found = located
        ? await supabase.rpc('match_places', {
            names: batch.map((b) => b.row.name),
            lats: batch.map((b) => b.row.lat ?? 0),
            lngs: batch.map((b) => b.row.lng ?? 0),
          })
        : await supabase.rpc('match_places_by_name', { names: batch.map((b) => b.row.name), addresses: batch.map((b) => b.row.address) });
      if (found.error) throw found.error;
      for (const place of found.data) {
        const entry = batch[place.row_index - 1];
        const by = 'matched_by' in place ? (place.matched_by === 'name and address' ? 'name and address' : 'name') : 'place within 75 m';
        if (entry) matched[entry.index] = { ...(matched[entry.index] as MatchedRow), match: { id: place.id, name: place.name, by } };
      }
      done += batch.length;
      onProgress(done);
    }
  };
  await Promise.all([worker(), worker()]);
  return matched;
}

/** Where the rows go: a new private list named after the file, or a list the member may edit. */
export type ImportTarget = { kind: 'new'; name: string } | { kind: 'existing'; listId: string };

async function targetList(userId: string, target: ImportTarget): Promise<{ id: string; already: Set<string> }> {
  if (target.kind === 'existing') {
    const { data, error } = await supabase.from('list_places').select('place_id').eq('list_id', target.listId);
    if (error) throw error;
    return { id: target.listId, already: new Set(data.map((r) => r.place_id)) };
  }
  const { data, error } = await supabase
    .from('lists')
    .insert({ owner_id: userId, name: target.name.slice(0, 60) || 'Imported places' })
    .select('id')
    .single();
  if (error) throw error;
  return { id: data.id, already: new Set() };
}

/**
 * Writes the import: new places for the rows the member keeps (their address and category),
 * then the places in the file's order (batches of 200, at most 1,000 a list), each entry with
 * its note and the link it came with; places already on the list are left as they are.
 */
export async function importList(
  userId: string,
  target: ImportTarget,
  rows: MatchedRow[],
  addNew: boolean,
  onProgress: (done: number) => void,
): Promise<string> {
  const list = await targetList(userId, target);
  const placeIds = new Map<number, string>();
  for (const row of rows) if (row.match) placeIds.set(row.row, row.match.id);
  const fresh = addNew ? rows.filter((row) => !row.match && row.lat !== null && row.lng !== null && row.name.length >= 2) : [];
  let done = 0;
  for (const part of chunk(fresh, 200)) {
    const created = await supabase
      .from('places')
      .insert(
        part.map((row) => ({
          name: row.name,
          category: row.category,
          address: row.address || null,
          lat: row.lat ?? 0,
          lng: row.lng ?? 0,
          created_by: userId,
        })),
      )
      .select('id');
    if (created.error) throw created.error;
    created.data.forEach((place, i) => placeIds.set(part[i]?.row ?? -1, place.id));
    onProgress((done += part.length));
  }
  const seen = new Set(list.already);
  const entries = rows
    .filter((row) => placeIds.has(row.row))
    .map((row, i) => ({
      list_id: list.id,
      place_id: placeIds.get(row.row) ?? '',
      note: row.note,
      source_url: row.url || null,
      // a new list takes the file's order; an existing one gets the rows after its own places
      ...(target.kind === 'new' ? { position: i + 1 } : {}),
      added_by: userId,
    }))
    .filter((entry) => !seen.has(entry.place_id) && Boolean(seen.add(entry.place_id)))
    .slice(0, Math.max(0, 1000 - list.already.size));
  for (const part of chunk(entries, 200)) {
    const { error } = await supabase.from('list_places').insert(part);
    if (error) throw error;
    onProgress((done += part.length));
  }
  return list.id;
}

export function useImportList(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { target: ImportTarget; rows: MatchedRow[]; addNew: boolean; onProgress: (done: number) => void }) =>
      importList(userId, input.target, input.rows, input.addNew, input.onProgress),
    meta: { errorTable: 'lists' },
    onSuccess: (listId) => {
      toast.success('Import finished');
      void queryClient.invalidateQueries({ queryKey: listKeys.mineAll(userId) });
      void queryClient.invalidateQueries({ queryKey: listKeys.detail(listId) });
    },
  });
}
