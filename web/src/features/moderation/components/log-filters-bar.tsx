import { useId } from 'react';
import { logActionOptions, logTargetOptions, type LogFilters } from '../log-filters';

const selectClass =
  'min-h-9 rounded-md border border-slate-300 bg-surface px-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600';

function FilterSelect<T extends string>({
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: T | null;
  options: { value: T; label: string }[];
  onChange: (next: T | null) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm text-slate-700">
      {/* A label of its own (not wrapping): the select's name stays "Action", not "Action All actions". */}
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={selectClass}
        value={value ?? ''}
        onChange={(event) => onChange(options.find((o) => o.value === event.target.value)?.value ?? null)}
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Narrow the log by what was done and what it was about. */
export function LogFiltersBar({ filters, onChange }: { filters: LogFilters; onChange: (patch: Partial<LogFilters>) => void }) {
  return (
    <div role="group" aria-label="Filter the log" className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2">
      <FilterSelect
        label="Action"
        allLabel="All actions"
        value={filters.action}
        options={logActionOptions}
        onChange={(action) => onChange({ action })}
      />
      <FilterSelect
        label="About"
        allLabel="Everything"
        value={filters.target}
        options={logTargetOptions}
        onChange={(target) => onChange({ target })}
      />
    </div>
  );
}
