import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { RelativeTime } from '@/components/relative-time';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { asOpeningHours, describeDay, weekdays } from '@/lib/opening-hours';
import { paths } from '@/lib/paths';
import { categoryLabels, type PlaceCategory } from '@/lib/places';
import { editStandingQuery, placeEditsQuery, useDecideEdit, useWithdrawEdit, type PlaceEdit } from '../api/place-edits';
import { priceLabel } from '../price';

const fieldLabels: Record<string, string> = {
  name: 'name',
  category: 'category',
  address: 'address',
  lat: 'pin',
  time_zone: 'time zone',
  opening_hours: 'opening hours',
  phone: 'phone',
  website: 'website',
  price_level: 'price level',
};

/** A field's value in words ("—" for none). */
function valueText(field: string, values: Record<string, unknown>): string {
  const value = values[field];
  if (field === 'lat') {
    const lat = values.lat;
    const lng = values.lng;
    return typeof lat === 'number' && typeof lng === 'number' ? `${lat.toFixed(5)}, ${lng.toFixed(5)}` : '—';
  }
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'category') return categoryLabels[value as PlaceCategory] ?? String(value);
  if (field === 'price_level') return priceLabel(Number(value), null).words;
  if (field === 'opening_hours') {
    const hours = asOpeningHours(value);
    return hours ? weekdays.map((d, i) => `${d.slice(0, 3)} ${describeDay(hours.weekly[i] ?? [])}`).join('; ') : '—';
  }
  return String(value);
}

/** Each changed field, as "phone: — → +33 1 45 48 55 26" (the pin counts once for lat and lng). */
function Changes({ edit }: { edit: PlaceEdit }) {
  const fields = [...new Set(Object.keys(edit.changes).map((f) => (f === 'lng' ? 'lat' : f)))];
  return (
    <ul className="mt-1 space-y-0.5 text-sm">
      {fields.map((field) => (
        <li key={field}>
          <span className="font-medium">{fieldLabels[field] ?? field}</span>:{' '}
          <del className="text-slate-600">{valueText(field, edit.previous)}</del> <span aria-hidden="true">→</span>
          <span className="sr-only">became</span>{' '}
          <ins className="no-underline">{valueText(field, { ...edit.previous, ...edit.changes })}</ins>
        </li>
      ))}
    </ul>
  );
}

const who = (edit: PlaceEdit) => edit.author?.display_name ?? 'A former member';
const outcome: Record<string, string> = {
  accepted: 'suggested; accepted by',
  applied: 'edited, as',
  rejected: 'suggested; not accepted by',
};
const deciders: Record<string, string> = { creator: 'the place’s creator', trusted: 'a trusted member', moderator: 'a moderator' };

/** A suggestion waiting: its changes and note; Accept and Reject for who decides, Withdraw for its author. */
export function PendingEdit({
  edit,
  placeId,
  userId,
  standing,
  placeName,
}: {
  edit: PlaceEdit;
  placeId: string;
  userId: string | null;
  standing: string | null;
  /** Named in the moderators' queue, where suggestions of every place meet. */
  placeName?: string;
}) {
  const decide = useDecideEdit(placeId);
  const withdraw = useWithdrawEdit(placeId);
  const [reason, setReason] = useState('');
  const mine = userId !== null && edit.author_id === userId;
  return (
    <li className="rounded-md border border-amber-300 bg-amber-50 p-3 dark:bg-amber-950/30">
      <p className="text-sm">
        <span className="font-medium">{who(edit)}</span> suggests
        {placeName ? (
          <>
            {' '}
            for{' '}
            <Link to={`${paths.place(placeId)}#history`} className="font-medium text-brand-700 underline">
              {placeName}
            </Link>
          </>
        ) : null}
        , <RelativeTime value={edit.created_at} />:
      </p>
      <Changes edit={edit} />
      {edit.note ? <p className="mt-1 text-sm text-slate-700">“{edit.note}”</p> : null}
      {standing && !mine ? (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <Button size="sm" disabled={decide.isPending} onClick={() => decide.mutate({ editId: edit.id, accept: true })}>
            Accept
          </Button>
          <Input
            aria-label="Reason, if you reject it (optional)"
            placeholder="Reason (optional)"
            className="w-56"
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <Button
            size="sm"
            variant="secondary"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ editId: edit.id, accept: false, reason })}
          >
            Reject
          </Button>
        </div>
      ) : null}
      {mine ? (
        <Button size="sm" variant="ghost" className="mt-2" onClick={() => withdraw.mutate(edit.id)}>
          Withdraw my suggestion
        </Button>
      ) : null}
    </li>
  );
}

/**
 * The place's public history (decision 322): what changed, who changed it, when, and the value it
 * replaced; above it the suggestions still waiting, with Accept and Reject for those who decide.
 */
export function PlaceHistory({ placeId, userId }: { placeId: string; userId: string | null }) {
  const edits = useQuery(placeEditsQuery(placeId));
  const standing = useQuery({ ...editStandingQuery(placeId, userId ?? ''), enabled: userId !== null });
  if (edits.isPending) return <Skeleton className="h-16 w-full" />;
  if (edits.isError) return <p className="text-sm text-slate-700">The history could not be loaded.</p>;
  const pending = edits.data.filter((e) => e.status === 'pending');
  const past = edits.data.filter((e) => e.status !== 'pending');
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">
          Anyone can suggest a correction; the place’s creator, trusted members and moderators decide.
        </p>
        {userId ? (
          <Link to={paths.placeSuggest(placeId)} className="text-sm font-medium text-brand-700 underline">
            Suggest an edit
          </Link>
        ) : (
          <Link to={paths.signIn({ next: paths.placeSuggest(placeId) })} className="text-sm font-medium text-brand-700 underline">
            Sign in to suggest an edit
          </Link>
        )}
      </div>
      {pending.length ? (
        <section aria-label="Suggestions waiting">
          <ul className="space-y-2">
            {pending.map((edit) => (
              <PendingEdit key={edit.id} edit={edit} placeId={placeId} userId={userId} standing={standing.data ?? null} />
            ))}
          </ul>
        </section>
      ) : null}
      {past.length === 0 ? (
        <p className="text-sm text-slate-700">No changes since the place was added.</p>
      ) : (
        <ol aria-label="Changes to this place" className="space-y-3">
          {past.map((edit) => (
            <li key={edit.id} className="border-l-2 border-slate-200 pl-3">
              <p className="text-sm">
                <span className="font-medium">{who(edit)}</span> {outcome[edit.status]} {deciders[edit.decided_as ?? ''] ?? 'someone'},{' '}
                <RelativeTime value={edit.decided_at ?? edit.created_at} />
                {edit.status === 'rejected' && edit.reason ? ` — “${edit.reason}”` : null}
              </p>
              <Changes edit={edit} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
