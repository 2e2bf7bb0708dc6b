import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { memo, useCallback, useMemo } from 'react';
import type { ListEntry } from '../api/open-list';
import { ListEntryItem, type EntryActions } from './list-entries';
import { sameFrame, VirtualPlaces, type MoveFocus, type RowFrame } from './virtual-places';

interface SortableEntriesProps {
  places: ListEntry[];
  highlightedId: string | null;
  onHover: (id: string | null) => void;
  actions: EntryActions;
  /** The dropped entry and its new neighbours: the caller writes the midpoint (one row). */
  onDrop: (entry: ListEntry, before: ListEntry | undefined, after: ListEntry | undefined) => void;
  revealId: string | null;
  moveFocus: MoveFocus | null;
  onMoveFocused: () => void;
}

interface SortableEntryProps {
  entry: ListEntry;
  frame: RowFrame;
  count: number;
  highlighted: boolean;
  onHover: (id: string | null) => void;
  actions: EntryActions;
}

/**
 * One draggable place. Memoised on what it shows: while the page scrolls only the rows that
 * enter the window render, not every row in it (a scroll frame stays well under a long task).
 */
const SortableEntry = memo(function SortableEntry({ entry, frame, count, highlighted, onHover, actions }: SortableEntryProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: entry.id });
  const { index, ref: measure, style, ...item } = frame;
  const ref = useCallback(
    (node: HTMLLIElement | null) => {
      setNodeRef(node);
      measure(node);
    },
    [setNodeRef, measure],
  );
  return (
    <li
      ref={ref}
      {...item}
      style={{ ...style, transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? 'z-10 opacity-80' : undefined}
    >
      <ListEntryItem
        entry={entry}
        index={index}
        count={count}
        highlighted={highlighted}
        onHover={onHover}
        actions={actions}
        handle={
          // Pointers drag it; the keyboard picks it up with Space (or Enter), moves it with the
          // arrow keys and drops it with Space or cancels with Escape. Move up / Move down stay
          // beside it for one step at a time.
          <div
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Drag ${entry.place.name} to reorder`}
            data-drag-handle={entry.place.name}
            title={`Drag ${entry.place.name} to reorder`}
            className="-ml-1 flex h-9 w-6 shrink-0 cursor-grab touch-none items-center justify-center rounded text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 active:cursor-grabbing"
          >
            <GripVertical aria-hidden="true" className="size-4" />
          </div>
        }
      />
    </li>
  );
}, sameRow);

function sameRow(a: SortableEntryProps, b: SortableEntryProps): boolean {
  return (
    a.entry === b.entry &&
    a.count === b.count &&
    a.highlighted === b.highlighted &&
    a.onHover === b.onHover &&
    a.actions === b.actions &&
    sameFrame(a.frame, b.frame)
  );
}

/**
 * The places of a list editors may reorder by dragging a place's handle, with a pointer (mouse,
 * pen or touch) or the keyboard, beside the Move up / Move down buttons. A drop writes the same
 * single fractional position as a move, so others see it live the same way.
 */
export function SortableEntries({
  places,
  highlightedId,
  onHover,
  actions,
  onDrop,
  revealId,
  moveFocus,
  onMoveFocused,
}: SortableEntriesProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => places.map((e) => e.id), [places]);
  const nameOf = (id: string | number) => places.find((e) => e.id === id)?.place.name ?? '';
  const spot = (id: string | number) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, ${spot(active.id)}.`,
    // dnd-kit reports the lifted place over itself right after the pick-up: that is not a move
    onDragOver: ({ active, over }) => (over && over.id !== active.id ? `${nameOf(active.id)} moved to ${spot(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at ${spot(over.id)}.` : `${nameOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    const moved = arrayMove(places, from, to);
    const entry = places[from];
    if (entry) onDrop(entry, moved[to - 1], moved[to + 1]);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To reorder, press Space to pick up this place, the up and down arrow keys to move it, then Space to drop it or Escape to cancel. The Move up and Move down buttons also move it one step.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <VirtualPlaces
          places={places}
          revealId={revealId}
          moveFocus={moveFocus}
          onMoveFocused={onMoveFocused}
          renderRow={(entry, frame) => (
            <SortableEntry
              key={entry.id}
              entry={entry}
              frame={frame}
              count={places.length}
              highlighted={highlightedId === entry.place_id}
              onHover={onHover}
              actions={actions}
            />
          )}
        />
      </SortableContext>
    </DndContext>
  );
}
