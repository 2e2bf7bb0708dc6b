import { Copy, Download, Users } from 'lucide-react';
import { Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { MapPlaceholder, PlacesMap } from '@/components/map';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useCopyList } from '../api/copy-list';
import { useFollowList } from '../api/follow-list';
import type { ListEntry, OpenedList } from '../api/open-list';
import { useRemoveListEntry } from '../api/remove-list-entry';
import { useRespondInvitation } from '../api/respond-invitation';
import { useUpdateListEntry } from '../api/update-list-entry';
import { downloadFile } from '../download-file';
import { exportList, type ExportFormat } from '../export-list';
import { useListChannel } from '../hooks/use-list-channel';
import { ImportListDialog } from './import-list-dialog';
import { ListEntryItem, positionBetween } from './list-entries';
import { ListSettingsDialog } from './list-settings-dialog';
import { MembersPanel } from './members-panel';
import { SortableEntries } from './sortable-entries';
import { VirtualPlaces, type MoveFocus } from './virtual-places';

type Me = { id: string; name: string } | null;

/** What the list page shows from moderation (composed by the route: features do not import each other). */
export interface ListModerationSlots {
  /** "Report" on the list itself (lists that are not private). */
  report?: ReactNode;
  /** Why the list is hidden, shown to its owner and moderators. */
  hiddenNotice?: ReactNode;
  /** "Report" beside a note someone else wrote. */
  reportNote?: (entry: ListEntry) => ReactNode;
  /** Why a note is hidden, shown to its author and moderators. */
  noteHiddenNotice?: (entry: ListEntry) => ReactNode;
}

function mapView(entries: ListEntry[]) {
  if (entries.length === 0) return { lat: 30, lng: 10, zoom: 2 };
  const lat = entries.reduce((n, e) => n + e.place.lat, 0) / entries.length;
  const lng = entries.reduce((n, e) => n + e.place.lng, 0) / entries.length;
  const spread = Math.max(...entries.map((e) => Math.max(Math.abs(e.place.lat - lat), Math.abs(e.place.lng - lng))));
  return { lat, lng, zoom: spread < 0.05 ? 13 : spread < 0.5 ? 10 : spread < 5 ? 6 : 2 };
}

function Actions({ opened, me, share, report }: { opened: OpenedList; me: Me; share: ReactNode; report: ReactNode }) {
  const navigate = useNavigate();
  const follow = useFollowList(me?.id ?? '', opened.list.id);
  const copy = useCopyList(me?.id ?? '');
  const canFollow = me && opened.access !== 'owner' && opened.list.visibility !== 'private';
  const download = (format: ExportFormat) => downloadFile(exportList(opened, format, window.location.origin));
  return (
    <div className="flex flex-wrap gap-2">
      {me && opened.access === 'owner' ? <ListSettingsDialog userId={me.id} opened={opened} /> : null}
      {me && (opened.access === 'owner' || opened.access === 'editor') ? (
        <ImportListDialog
          userId={me.id}
          lists={[{ id: opened.list.id, name: opened.list.name }]}
          listId={opened.list.id}
          onImported={(id) => void navigate(paths.list(id))}
        />
      ) : null}
      {share}
      {canFollow ? (
        <Button variant="secondary" aria-pressed={opened.following} onClick={() => follow.mutate(!opened.following)}>
          {opened.following ? 'Following' : 'Follow'}
        </Button>
      ) : null}
      {me ? (
        <Button variant="secondary" onClick={() => copy.mutate(opened, { onSuccess: (id) => void navigate(paths.list(id)) })}>
          <Copy aria-hidden="true" className="size-4" /> Copy to my lists
        </Button>
      ) : null}
      {(['geojson', 'kml', 'csv'] as const).map((format) => (
        <Button key={format} variant="ghost" onClick={() => download(format)}>
          <Download aria-hidden="true" className="size-4" /> {format === 'geojson' ? 'GeoJSON' : format.toUpperCase()}
        </Button>
      ))}
      {report}
    </div>
  );
}

function Invitation({ me, listId }: { me: NonNullable<Me>; listId: string }) {
  const respond = useRespondInvitation(me.id, listId);
  return (
    <div
      role="region"
      aria-label="Invitation"
      className="border-brand-200 flex flex-wrap items-center gap-3 rounded-lg border bg-brand-50 p-3"
    >
      <p className="flex-1">You're invited to this list.</p>
      <Button onClick={() => respond.mutate(true)}>Accept</Button>
      <Button variant="secondary" onClick={() => respond.mutate(false)}>
        Decline
      </Button>
    </div>
  );
}

/** The list page: details, actions, who is here, its places beside the map, members. */
export function ListDetail({
  opened,
  me,
  share,
  moderation = {},
}: {
  opened: OpenedList;
  me: Me;
  share: ReactNode;
  moderation?: ListModerationSlots;
}) {
  const { list, access, places } = opened;
  const canEdit = access === 'owner' || access === 'editor';
  const joined = access === 'owner' || access === 'editor' || access === 'viewer';
  const navigate = useNavigate();
  const here = useListChannel(list.id, joined ? me : null, (name) => {
    if (access === 'owner') return;
    toast.info(`“${name || list.name}” was deleted by its owner`);
    void navigate(paths.lists());
  });
  const update = useUpdateListEntry(list.id, me?.id ?? null);
  const remove = useRemoveListEntry(me?.id ?? '', list.id);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  // A place hovered or chosen on the map: its row scrolls into view (the list is windowed).
  const [revealId, setRevealId] = useState<string | null>(null);
  const fromMap = useCallback((id: string | null) => {
    setHighlightedId(id);
    if (id) setRevealId(id);
  }, []);
  const [moveFocus, setMoveFocus] = useState<MoveFocus | null>(null);
  const moveFocused = useCallback(() => setMoveFocus(null), []);
  const mapPlaces = useMemo(() => places.map((e) => e.place), [places]);
  const view = useMemo(() => mapView(places), [places]);
  // One object while what it carries stays the same: the rows are memoised on their props
  // (decision 443), and a new object each render (a hover) would render every row again.
  const { mutate: updateEntry } = update;
  const { mutate: removeEntry } = remove;
  const userId = me?.id ?? null;
  const { reportNote, noteHiddenNotice } = moderation;
  const actions = useMemo(
    () => ({
      canEdit,
      onMove: (entry: ListEntry, direction: -1 | 1) => {
        const index = places.findIndex((e) => e.id === entry.id);
        const [before, after] = direction === -1 ? [places[index - 2], places[index - 1]] : [places[index + 1], places[index + 2]];
        setMoveFocus({ entryId: entry.id, direction, from: index });
        updateEntry({ entryId: entry.id, change: { position: positionBetween(before, after) } });
      },
      onNote: (entry: ListEntry, note: string) => updateEntry({ entryId: entry.id, change: { note }, placeName: entry.place.name }),
      userId,
      reportNote,
      noteHiddenNotice,
      onRemove: (entry: ListEntry) => removeEntry(entry),
    }),
    [canEdit, places, updateEntry, removeEntry, userId, reportNote, noteHiddenNotice],
  );
  return (
    <article aria-labelledby="list-title" className="space-y-4">
      <title>{`${list.name} · Pinstar`}</title>
      <header className="space-y-2">
        <h1 id="list-title" className="text-2xl font-bold">
          {list.emoji ? <span aria-hidden="true">{list.emoji} </span> : null}
          {list.name}
        </h1>
        <p className="text-sm text-slate-700">
          By {list.owner.display_name} · {places.length === 1 ? '1 place' : `${places.length} places`} ·{' '}
          {opened.followers === 1 ? '1 follower' : `${opened.followers} followers`}
        </p>
        {list.description ? <p className="max-w-prose whitespace-pre-line">{list.description}</p> : null}
        <p className="flex min-h-6 items-center gap-1.5 text-sm text-slate-700" aria-live="polite">
          {here.length > 0 ? (
            <>
              <Users aria-hidden="true" className="size-4" />
              {here.join(', ')} {here.length === 1 ? 'is' : 'are'} here
            </>
          ) : null}
        </p>
        <Actions opened={opened} me={me} share={share} report={moderation.report} />
        {list.hidden_at ? moderation.hiddenNotice : null}
      </header>
      {access === 'invited' && me ? <Invitation me={me} listId={list.id} /> : null}
      <div className="grid gap-4 md:grid-cols-[26rem_1fr]">
        {canEdit && places.length > 1 ? (
          <SortableEntries
            places={places}
            highlightedId={highlightedId}
            onHover={setHighlightedId}
            actions={actions}
            onDrop={(entry, before, after) => update.mutate({ entryId: entry.id, change: { position: positionBetween(before, after) } })}
            revealId={revealId}
            moveFocus={moveFocus}
            onMoveFocused={moveFocused}
          />
        ) : places.length === 0 ? (
          <ol aria-label="Places on this list">
            <li className="text-slate-700">No places yet. Use "Save" on a place to add it here.</li>
          </ol>
        ) : (
          <VirtualPlaces
            places={places}
            revealId={revealId}
            moveFocus={moveFocus}
            onMoveFocused={moveFocused}
            renderRow={(entry, { index, ...frame }) => (
              <li key={entry.id} {...frame}>
                <ListEntryItem
                  entry={entry}
                  index={index}
                  count={places.length}
                  highlighted={highlightedId === entry.place_id}
                  onHover={setHighlightedId}
                  actions={actions}
                />
              </li>
            )}
          />
        )}
        <div className="relative h-72 overflow-hidden rounded-lg border border-slate-200 md:sticky md:top-20 md:h-[70dvh]">
          <Suspense fallback={<MapPlaceholder className="absolute inset-0" />}>
            <PlacesMap
              places={mapPlaces}
              view={view}
              label={`Map of ${list.name}`}
              highlightedId={highlightedId}
              onHover={fromMap}
              onSelect={fromMap}
              className="absolute inset-0"
            />
          </Suspense>
        </div>
      </div>
      {joined && me ? <MembersPanel userId={me.id} listId={list.id} isOwner={access === 'owner'} /> : null}
    </article>
  );
}
