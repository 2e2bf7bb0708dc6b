import { Upload } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-field';
import { fieldControlClass } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { describeError } from '@/lib/errors';
import { matchRows, useImportList, type ImportTarget } from '../api/import-list';
import { ImportFileError, parseImport } from '../import/parse-import';
import { ImportPreview, previewOf, type PreviewStage } from './import-preview';

type Stage = { kind: 'choose'; error: string | null } | { kind: 'matching' | 'writing'; done: number; total: number } | PreviewStage;

/** A list the member may add places to (their own, or one they edit). */
export interface ImportableList {
  id: string;
  name: string;
}

/**
 * Import a GeoJSON, KML or CSV file (Google Takeout saved places and Google Maps list exports)
 * into a new list or one the member owns or edits (decisions 202, 206, 323).
 */
export function ImportListDialog({
  userId,
  lists = [],
  listId = null,
  onImported,
}: {
  userId: string;
  /** Lists the rows may go to besides a new one. */
  lists?: ImportableList[];
  /** The list chosen at first (the list page's own). */
  listId?: string | null;
  onImported: (listId: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: 'choose', error: null });
  const [destination, setDestination] = useState<string>(listId ?? 'new');
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

  const run = (preview: PreviewStage, addNew: boolean) => {
    const { matched, fresh } = previewOf(preview);
    const total = matched.length + (addNew ? fresh.length * 2 : 0);
    const target: ImportTarget = destination === 'new' ? { kind: 'new', name: preview.name } : { kind: 'existing', listId: destination };
    setStage({ kind: 'writing', done: 0, total });
    write.mutate(
      { target, rows: preview.rows, addNew, onProgress: (done) => setStage({ kind: 'writing', done, total }) },
      {
        // Done: the dialog closes (into this list's own page, nothing else would close it).
        onSuccess: (id) => {
          setOpen(false);
          setStage({ kind: 'choose', error: null });
          onImported(id);
        },
        onError: () => setStage(preview),
      },
    );
  };
  const destinationName = destination === 'new' ? 'a new list' : `“${lists.find((l) => l.id === destination)?.name ?? 'this list'}”`;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setStage({ kind: 'choose', error: null });
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary">
          <Upload aria-hidden="true" className="size-4" /> Import
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Import places"
        description="GeoJSON, KML or CSV — Google Takeout saved places and Google Maps list exports work too."
      >
        {stage.kind === 'choose' || stage.kind === 'preview' ? (
          <div className="mb-4 space-y-1">
            <Label htmlFor="import-destination">Import into</Label>
            <select
              id="import-destination"
              className={fieldControlClass}
              value={destination}
              onChange={(e) => setDestination(e.target.value)}
            >
              <option value="new">A new list, named after the file</option>
              {lists.map((list) => (
                <option key={list.id} value={list.id}>
                  {list.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
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
              value={stage.total === 0 ? 100 : Math.min(100, (stage.done / stage.total) * 100)}
              label={stage.kind === 'matching' ? 'Matching places' : 'Saving the list'}
            />
          </div>
        ) : null}
        {stage.kind === 'preview' ? (
          <ImportPreview
            stage={stage}
            destination={destinationName}
            onCategory={(row, category) => setStage({ ...stage, rows: stage.rows.map((r) => (r.row === row ? { ...r, category } : r)) })}
            onImport={(addNew) => run(stage, addNew)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
