import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { readLogFilters, writeLogFilters, type LogFilters } from '../log-filters';

/** The log's filters from the URL; changing one replaces the history entry (no back-button trail). */
export function useLogFilters(): [LogFilters, (next: LogFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters = readLogFilters(params);
  const setFilters = useCallback(
    (next: LogFilters) => setParams((current) => writeLogFilters(current, next), { replace: true }),
    [setParams],
  );
  return [filters, setFilters];
}
