import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { memo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PendingNote } from '@/components/pending-note';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/lib/paths';
import { categoryLabels, ratingSummary } from '@/lib/places';
import type { ListEntry } from '../api/open-list';
import { listNote } from '../schemas';

/** The position between two neighbours (fractional order: a move writes one row). */
export function positionBetween(before: ListEntry | undefined, after: ListEntry | undefined): number {
  if (before && after) return (before.position + after.position) / 2;
  if (before) return before.position + 1;
  if (after) return after.position - 1;
  return 1;
}

function NoteEditor({ entry, userId, onSave }: { entry: ListEntry; userId: string | null; onSave: (note: string) => void }) {
  const [note, setNote] = useState(entry.note);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const parsed = listNote.safeParse(note);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '');
    setError(null);
    if (note !== entry.note) onSave(note);
  };
  return (
    <div className="mt-2">
      <label className="sr-only" htmlFor={`note-${entry.id}`}>
        Note on {entry.place.name}
      </label>
      <Textarea
        id={`note-${entry.id}`}
        rows={2}
        value={note}
        placeholder="Add a note"
        aria-invalid={error ? true : undefined}
        onChange={(e) => setNote(e.target.value)}
        onBlur={save}
      />
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <PendingNote userId={userId} kind="list-note" subject={entry.id} className="mt-1" />
    </div>
  );
}

export interface EntryActions {
  canEdit: boolean;
  onMove: (entry: ListEntry, direction: -1 | 1) => void;
  onNote: (entry: ListEntry, note: string) => void;
  /** The member editing, whose notes may wait on the device. */
  userId: string | null;
  onRemove: (entry: ListEntry) => void;
  reportNote?: ((entry: ListEntry) => ReactNode) | undefined;
  noteHiddenNotice?: ((entry: ListEntry) => ReactNode) | undefined;
}

/**
 * One place of the list: its link, note, and for editors the keyboard moves and removal.
 * Memoised, so a row that stays in the window while the page scrolls does not render again.
 */
export const ListEntryItem = memo(function ListEntryItem({
  entry,
  index,
  count,
  highlighted,
  onHover,
  actions,
  handle,
}: {
  entry: ListEntry;
  index: number;
  count: number;
  highlighted: boolean;
  onHover: (id: string | null) => void;
  actions: EntryActions;
  /** The drag handle, when the list can be reordered by dragging. */
  handle?: ReactNode;
}) {
  return (
    <div
      className={`rounded-lg border p-3 ${highlighted ? 'border-brand-500 bg-brand-50' : 'border-slate-200'}`}
      onMouseEnter={() => onHover(entry.place_id)}
      onMouseLeave={() => onHover(null)}
    >
      <div className="flex items-start gap-2">
        {handle}
        <span className="w-6 pt-0.5 text-sm text-slate-600">{index + 1}.</span>
        <div className="min-w-0 flex-1">
          <Link
            to={paths.place(entry.place_id)}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
            onFocus={() => onHover(entry.place_id)}
          >
            {entry.place.name}
          </Link>
          <p className="text-sm text-slate-600">
            {categoryLabels[entry.place.category]} · {ratingSummary(entry.place)}
          </p>
          {!actions.canEdit && entry.note ? <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{entry.note}</p> : null}
          {entry.source_url ? (
            <a
              href={entry.source_url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="mt-1 inline-block text-xs text-brand-700 underline"
            >
              Where it was saved<span className="sr-only"> ({entry.place.name}, opens in a new tab)</span>
            </a>
          ) : null}
          {entry.note && !entry.note_hidden ? actions.reportNote?.(entry) : null}
        </div>
        {actions.canEdit ? (
          <div className="flex gap-1">
            <Button
              size="icon"
              variant="ghost"
              disabled={index === 0}
              onClick={() => actions.onMove(entry, -1)}
              aria-label={`Move ${entry.place.name} up`}
            >
              <ArrowUp aria-hidden="true" className="size-4" />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              disabled={index === count - 1}
              onClick={() => actions.onMove(entry, 1)}
              aria-label={`Move ${entry.place.name} down`}
            >
              <ArrowDown aria-hidden="true" className="size-4" />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              onClick={() => actions.onRemove(entry)}
              aria-label={`Remove ${entry.place.name} from the list`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </div>
        ) : null}
      </div>
      {actions.canEdit ? (
        <NoteEditor key={entry.note} entry={entry} userId={actions.userId} onSave={(note) => actions.onNote(entry, note)} />
      ) : null}
      {entry.note_hidden ? <div className="mt-2">{actions.noteHiddenNotice?.(entry)}</div> : null}
    </div>
  );
});
