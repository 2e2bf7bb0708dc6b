import type { ModerationActionKind, ModerationTarget } from './schemas';

/** The public log's filters, held in the URL (`?action=hide&target=photo`) so a link reproduces them. */
export interface LogFilters {
  action: ModerationActionKind | null;
  target: ModerationTarget | null;
}

export const logActionOptions: { value: ModerationActionKind; label: string }[] = [
  { value: 'hide', label: 'Hidden' },
  { value: 'restore', label: 'Restored' },
  { value: 'role_change', label: 'Role changes' },
];

export const logTargetOptions: { value: ModerationTarget; label: string }[] = [
  { value: 'place', label: 'Places' },
  { value: 'review', label: 'Reviews' },
  { value: 'photo', label: 'Photos' },
  { value: 'reply', label: 'Replies' },
  { value: 'list', label: 'Lists' },
  { value: 'list_note', label: 'List notes' },
  { value: 'profile', label: 'Members' },
];

function pick<T extends string>(value: string | null, options: { value: T }[]): T | null {
  return options.find((o) => o.value === value)?.value ?? null;
}

/** Unknown values in a hand-edited URL are ignored rather than shown as an empty log. */
export function readLogFilters(params: URLSearchParams): LogFilters {
  return { action: pick(params.get('action'), logActionOptions), target: pick(params.get('target'), logTargetOptions) };
}

export function writeLogFilters(params: URLSearchParams, filters: LogFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['action', 'target'] as const) {
    const value = filters[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

export function hasLogFilters(filters: LogFilters): boolean {
  return filters.action !== null || filters.target !== null;
}
