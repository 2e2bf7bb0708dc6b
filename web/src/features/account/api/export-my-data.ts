import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import { exportPayload, type ExportPayload } from '../schemas';

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

/** Downloads everything as two files (JSON, and the places as GeoJSON) named for the member and the day. */
export function useExportMyData(username: string) {
  return useMutation({
    mutationFn: exportMyData,
    onSuccess: (data) => {
      const day = data.exported_at.slice(0, 10);
      saveJsonFile(`pinstar-${username}-${day}.json`, data);
      saveJsonFile(`pinstar-${username}-places-${day}.geojson`, data.places_geojson, 'application/geo+json');
      toast.success('Your data is downloading');
    },
  });
}
