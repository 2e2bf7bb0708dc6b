import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { ListEntry } from '../api/open-list';

/** Where a rendered row sits: the props its `li` takes (a list item of the whole list, measured). */
export interface RowFrame {
  index: number;
  ref: (node: HTMLLIElement | null) => void;
  style: CSSProperties;
  'data-index': number;
  'aria-posinset': number;
  'aria-setsize': number;
}

/**
 * Whether a row would render the same in both frames: a row that stays in the window while the
 * page scrolls keeps its index and offset, so a memoised row skips rendering (decision 443).
 */
export function sameFrame(a: RowFrame, b: RowFrame): boolean {
  return a.index === b.index && a.ref === b.ref && a.style.top === b.style.top && a['aria-setsize'] === b['aria-setsize'];
}

/** A move asked for by a place's Move up / Move down: focus follows the moved place's button. */
export interface MoveFocus {
  entryId: string;
  direction: -1 | 1;
  /** Its index when the move was asked for: focus moves once the list shows it elsewhere. */
  from: number;
}

const wide = () => typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 768px)').matches;

/**
 * The places of a list, windowed: only the rows near the viewport are in the document, inside
 * one `ol` whose items carry their place in the whole list (`aria-posinset` / `aria-setsize`).
 * The page scrolls as before (the window is the scroller; the map stays beside it).
 */
export function VirtualPlaces({
  places,
  revealId,
  moveFocus,
  onMoveFocused,
  renderRow,
}: {
  places: ListEntry[];
  /** A place chosen on the map: its row scrolls into view when the map is beside the list. */
  revealId: string | null;
  moveFocus: MoveFocus | null;
  onMoveFocused: () => void;
  renderRow: (entry: ListEntry, frame: RowFrame) => ReactNode;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const [margin, setMargin] = useState(0);
  // The list's distance from the top of the page: what is above it (presence, an invitation)
  // may change its height, so it is measured again whenever the page's size changes.
  useLayoutEffect(() => {
    const node = listRef.current;
    if (!node) return;
    const measure = () => setMargin(Math.round(node.getBoundingClientRect().top + window.scrollY));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: places.length,
    estimateSize: () => 120,
    overscan: 6,
    gap: 8,
    scrollMargin: margin,
    getItemKey: (index) => places[index]?.id ?? index,
  });

  useEffect(() => {
    if (!revealId || !wide()) return;
    const index = places.findIndex((e) => e.place_id === revealId);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [revealId, places, virtualizer]);

  // After a move the row may have left the window or been re-inserted: bring it into view, then
  // focus its button in the same direction (or the other one at either end of the list).
  useEffect(() => {
    if (!moveFocus) return;
    const index = places.findIndex((e) => e.id === moveFocus.entryId);
    if (index < 0) return onMoveFocused();
    if (index === moveFocus.from) return;
    virtualizer.scrollToIndex(index, { align: 'auto' });
    const name = places[index]?.place.name ?? '';
    const preferred = moveFocus.direction === -1 ? 'up' : 'down';
    const frame = requestAnimationFrame(() => {
      const row = listRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
      const button = (which: string) =>
        row?.querySelector<HTMLButtonElement>(`[aria-label="Move ${CSS.escape(name)} ${which}"]:not(:disabled)`);
      (button(preferred) ?? button(preferred === 'up' ? 'down' : 'up'))?.focus();
      onMoveFocused();
    });
    return () => cancelAnimationFrame(frame);
  }, [moveFocus, places, virtualizer, onMoveFocused]);

  return (
    <ol aria-label="Places on this list" ref={listRef} className="relative" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => {
        const entry = places[item.index];
        if (!entry) return null;
        return renderRow(entry, {
          index: item.index,
          ref: virtualizer.measureElement,
          style: { position: 'absolute', top: item.start - virtualizer.options.scrollMargin, left: 0, width: '100%' },
          'data-index': item.index,
          'aria-posinset': item.index + 1,
          'aria-setsize': places.length,
        });
      })}
    </ol>
  );
}
