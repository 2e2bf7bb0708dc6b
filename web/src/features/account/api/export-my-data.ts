import { supabase } from '@/lib/supabase';
import { type ExportPayload, exportPayload } from '../schemas';

/** Everything the member owns, from the `export-my-data` edge function. */
export async function exportMyData(): Promise<ExportPayload> {
  const { data, error } = await supabase.functions.invoke<unknown>('export-my-data', { method: 'POST' });
  if (error) throw error;
  return exportPayload.parse(data);
}

/** Hands a JSON document to the browser as a file download. */
export function saveJsonFile(name: string, value: unknown, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
