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
