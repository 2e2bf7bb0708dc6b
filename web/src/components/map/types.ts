import type { ReactNode } from 'react';

export interface MapView {
  lat: number;
  lng: number;
  zoom: number;
}

export interface MapBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface MapPlace {
  id: string;
  name: string;
  lat: number;
  lng: number;
}

export interface PlacesMapProps {
  places: readonly MapPlace[];
  view: MapView;
  /** Accessible name of the map region. */
  label: string;
  highlightedId?: string | null | undefined;
  className?: string;
  onViewChange?: (view: MapView, bounds: MapBounds) => void;
  onSelect?: (id: string) => void;
  onHover?: (id: string | null) => void;
  /**
   * A card over the map at a pin (a place's preview), drawn by the caller: it takes the focus
   * when it opens; Escape, a click on the map or `onPreviewClose`'s caller closes it, and the
   * focus goes back to the pin.
   */
  preview?: MapPreview | null | undefined;
  onPreviewClose?: () => void;
  /**
   * Places to show all at once (a search's results): the map fits their bounds, at most zoom 15,
   * each time `key` changes, except for the set the page opened with when `keepOpeningView`.
   */
  fit?: { key: string; places: readonly MapPlace[] } | null | undefined;
  keepOpeningView?: boolean;
}

export interface MapPreview {
  id: string;
  /** The card's accessible name ("Preview: Hyde Park"). */
  label: string;
  lat: number;
  lng: number;
  content: ReactNode;
}

export interface PinPickerProps {
  value: { lat: number; lng: number } | null;
  onChange: (value: { lat: number; lng: number }) => void;
  label: string;
  className?: string;
  /** Where the map opens when there is no pin yet. */
  initialView?: MapView;
  /** Moves the map here whenever a new object is passed (a search result, the visitor's position). */
  focus?: MapView | null;
}
