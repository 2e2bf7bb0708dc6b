import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { fieldControlClass } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { categoryLabels, placeCategories } from '@/lib/places';
import type { MatchedRow } from '../api/import-list';
import type { UnreadableRow } from '../import/parse-import';

export interface PreviewStage {
  kind: 'preview';
  name: string;
  rows: MatchedRow[];
  unreadable: UnreadableRow[];
}

/** What the import does with each row: matched to a place (and how), a new place, or unreadable and why. */
export function previewOf(stage: PreviewStage) {
  const matched = stage.rows.filter((r) => r.match);
  const fresh = stage.rows.filter((r) => !r.match && r.lat !== null);
  const unmatched: UnreadableRow[] = stage.rows
    .filter((r) => !r.match && r.lat === null)
    .map((r) => ({ row: r.row, reason: `Row ${r.row} (${r.name}) has no coordinates, and no Pinstar place is named like it.` }));
  const unreadable = [...stage.unreadable, ...unmatched].sort((a, b) => a.row - b.row);
  return { matched, fresh, unreadable };
}

/** The preview: counts, each row with what happens to it, a category for each new place, then Import. */
export function ImportPreview({
  stage,
  destination,
  onCategory,
  onImport,
}: {
  stage: PreviewStage;
  destination: string;
  onCategory: (row: number, category: MatchedRow['category']) => void;
  onImport: (addNew: boolean) => void;
}) {
  const [addNew, setAddNew] = useState(true);
  const { matched, fresh, unreadable } = previewOf(stage);
  const unreadableRows = new Set(unreadable.map((u) => u.row));
  const rows = stage.rows.filter((r) => !unreadableRows.has(r.row));
  return (
    <div className="space-y-4">
      <ul aria-label="Import preview" className="grid grid-cols-3 gap-2 text-center">
        <li className="rounded-md border border-slate-200 p-2">
          <span className="block text-xl font-semibold">{matched.length}</span> matched
        </li>
        <li className="rounded-md border border-slate-200 p-2">
          <span className="block text-xl font-semibold">{fresh.length}</span> new
        </li>
        <li className="rounded-md border border-slate-200 p-2">
          <span className="block text-xl font-semibold">{unreadable.length}</span> unreadable
        </li>
      </ul>
      <details className="text-sm" open={rows.length <= 12}>
        <summary className="cursor-pointer font-medium">Rows</summary>
        <ul aria-label="Rows to import" className="mt-2 max-h-64 space-y-2 overflow-y-auto">
          {rows.map((r) => (
            <li key={r.row} className="rounded-md border border-slate-200 p-2">
              <span className="font-medium">{r.name}</span>
              {r.address ? <span className="block text-xs text-slate-600">{r.address}</span> : null}
              {r.match ? (
                <span className="block text-slate-700">
                  Matched to {r.match.name} (by {r.match.by})
                </span>
              ) : (
                <span className="mt-1 flex flex-wrap items-center gap-2 text-slate-700">
                  New place, as
                  <select
                    aria-label={`Category of ${r.name}`}
                    className={cn(fieldControlClass, 'min-h-8 w-auto py-0.5')}
                    value={r.category}
                    onChange={(e) => onCategory(r.row, e.target.value as MatchedRow['category'])}
                  >
                    {placeCategories.map((c) => (
                      <option key={c} value={c}>
                        {categoryLabels[c]}
                      </option>
                    ))}
                  </select>
                </span>
              )}
            </li>
          ))}
        </ul>
      </details>
      {unreadable.length > 0 ? (
        <div
          role="alert"
          aria-label="Unreadable rows"
          className="space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:bg-amber-950/30"
        >
          {unreadable.slice(0, 20).map((u) => (
            <p key={u.row}>{u.reason}</p>
          ))}
          {unreadable.length > 20 ? <p>and {unreadable.length - 20} more.</p> : null}
        </div>
      ) : null}
      {fresh.length > 0 ? (
        <label className="flex min-h-6 items-center gap-2 text-sm">
          <input type="checkbox" checked={addNew} onChange={(e) => setAddNew(e.target.checked)} />
          Add the {fresh.length === 1 ? 'new place' : `${fresh.length} new places`} to Pinstar
        </label>
      ) : null}
      <Button onClick={() => onImport(addNew)} disabled={matched.length + (addNew ? fresh.length : 0) === 0}>
        Import into {destination}
      </Button>
    </div>
  );
}
