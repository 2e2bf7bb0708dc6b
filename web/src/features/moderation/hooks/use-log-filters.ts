import { useCallback } from 'react';
import { useSearchUpdate } from '@/lib/url-search';
import { readLogFilters, writeLogFilters, type LogFilters } from '../log-filters';

/**
 * The log's filters from the URL; changing one replaces the history entry (no back-button trail).
 * A change names only the filters it sets, and applies to the changes made before it.
 */
export function useLogFilters(): [LogFilters, (patch: Partial<LogFilters>) => void] {
  const [params, updateSearch] = useSearchUpdate();
  const filters = readLogFilters(params);
  const setFilters = useCallback(
    (patch: Partial<LogFilters>) =>
      updateSearch((latest) => writeLogFilters(latest, { ...readLogFilters(latest), ...patch }), { replace: true }),
    [updateSearch],
  );
  return [filters, setFilters];
}
