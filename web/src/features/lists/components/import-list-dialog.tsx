import { Upload } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-field';
import { Progress } from '@/components/ui/progress';
import { describeError } from '@/lib/errors';
import { matchRows, useImportList, type MatchedRow } from '../api/import-list';
import { ImportFileError, parseImport, type UnreadableRow } from '../import/parse-import';

type Stage =
  | { kind: 'choose'; error: string | null }
  | { kind: 'matching'; done: number; total: number }
  | { kind: 'preview'; name: string; rows: MatchedRow[]; unreadable: UnreadableRow[] }
  | { kind: 'writing'; done: number; total: number };

function Preview({ stage, onImport }: { stage: Extract<Stage, { kind: 'preview' }>; onImport: (addNew: boolean) => void }) {
  const [addNew, setAddNew] = useState(true);
  const matched = stage.rows.filter((r) => r.match);
  const fresh = stage.rows.filter((r) => !r.match);
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
          <span className="block text-xl font-semibold">{stage.unreadable.length}</span> unreadable
        </li>
      </ul>
      <details className="text-sm" open={stage.rows.length <= 10}>
        <summary className="cursor-pointer font-medium">Rows</summary>
        <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto">
          {stage.rows.map((r) => (
            <li key={r.row}>
              {r.name} — {r.match ? `matched to ${r.match.name}` : 'new place'}
            </li>
          ))}
        </ul>
      </details>
      {stage.unreadable.length > 0 ? (
        <div role="alert" className="space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          {stage.unreadable.slice(0, 20).map((u) => (
            <p key={u.row}>{u.reason}</p>
          ))}
          {stage.unreadable.length > 20 ? <p>and {stage.unreadable.length - 20} more.</p> : null}
        </div>
      ) : null}
      {fresh.length > 0 ? (
        <label className="flex min-h-6 items-center gap-2 text-sm">
          <input type="checkbox" checked={addNew} onChange={(e) => setAddNew(e.target.checked)} />
          Add the {fresh.length === 1 ? 'new place' : `${fresh.length} new places`} to Pinstar
        </label>
      ) : null}
      <Button onClick={() => onImport(addNew)} disabled={matched.length + (addNew ? fresh.length : 0) === 0}>
        Import into a new list
      </Button>
    </div>
  );
}

/** Import a GeoJSON, KML or CSV file (Google Takeout and Maps list exports) into a new list. */
export function ImportListDialog({ userId, onImported }: { userId: string; onImported: (listId: string) => void }) {
  const [stage, setStage] = useState<Stage>({ kind: 'choose', error: null });
  const write = useImportList(userId);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      const parsed = parseImport(file.name, await file.text());
      if (parsed.rows.length === 0 && parsed.unreadable.length === 0) throw new ImportFileError('This file holds no places.');
      setStage({ kind: 'matching', done: 0, total: parsed.rows.length });
      const rows = await matchRows(parsed.rows, (done) => setStage({ kind: 'matching', done, total: parsed.rows.length }));
      setStage({ kind: 'preview', name: file.name.replace(/\.[^.]+$/, ''), rows, unreadable: parsed.unreadable });
    } catch (error: unknown) {
      setStage({ kind: 'choose', error: error instanceof ImportFileError ? error.message : describeError(error).message });
    }
  };

  const run = (preview: Extract<Stage, { kind: 'preview' }>, addNew: boolean) => {
    const total = preview.rows.filter((r) => r.match || addNew).length + (addNew ? preview.rows.filter((r) => !r.match).length : 0);
    setStage({ kind: 'writing', done: 0, total });
    write.mutate(
      { name: preview.name, rows: preview.rows, addNew, onProgress: (done) => setStage({ kind: 'writing', done, total }) },
      { onSuccess: onImported, onError: () => setStage(preview) },
    );
  };

  return (
    <Dialog onOpenChange={(open) => open || setStage({ kind: 'choose', error: null })}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <Upload aria-hidden="true" className="size-4" /> Import
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Import places"
        description="GeoJSON, KML or CSV — Google Takeout saved places and Google Maps list exports work too."
      >
        {stage.kind === 'choose' ? (
          <div className="space-y-3">
            <label className="block text-sm font-medium">
              File
              <input type="file" accept=".geojson,.json,.kml,.csv" className="mt-1 block w-full text-sm" onChange={(e) => void choose(e)} />
            </label>
            {stage.error ? <FormError>{stage.error}</FormError> : null}
          </div>
        ) : null}
        {stage.kind === 'matching' || stage.kind === 'writing' ? (
          <div className="space-y-2">
            <p className="text-sm">
              {stage.kind === 'matching' ? `Matching ${stage.done} of ${stage.total} places…` : `Saving ${stage.done} of ${stage.total}…`}
            </p>
            <Progress
              value={stage.total === 0 ? 100 : (stage.done / stage.total) * 100}
              label={stage.kind === 'matching' ? 'Matching places' : 'Saving the list'}
            />
          </div>
        ) : null}
        {stage.kind === 'preview' ? <Preview stage={stage} onImport={(addNew) => run(stage, addNew)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
