import { useQuery } from '@tanstack/react-query';
import { Building2, LocateFixed, MapPin, Search } from 'lucide-react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { MapView } from '@/components/map';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { describeError } from '@/lib/errors';
import { currentPosition, type Position, type PositionFailure } from '@/lib/geolocation';
import { geocodeQuery } from '../api/geocode';
import type { GeocodeResult } from '../geocoder';

const locateMessages: Record<PositionFailure, string> = {
  denied: 'Location permission was denied. Allow it in the browser, or search or click the map instead.',
  unavailable: 'Your position is not available right now. Search or click the map instead.',
};

/** Typing settles for a moment before the places are searched. */
function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Finds where to pin (decisions 240, 324): an address, one of Pinstar's places or a city, through
 * the app's geocoder; choosing one moves the pin there and the map with it. "Use my location"
 * puts the pin at the browser's position. `seed` (the Address field's "Find on the map") types
 * words into the search.
 */
export function LocationFinder({
  onCentre,
  onLocated,
  seed,
}: {
  onCentre: (view: MapView) => void;
  onLocated: (position: Position) => void;
  seed?: { text: string; at: number } | null;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const [locating, setLocating] = useState(false);
  const [seeded, setSeeded] = useState(seed?.at ?? 0);
  // A new seed replaces the words (state adjusted during render).
  if (seed && seed.at !== seeded) {
    setSeeded(seed.at);
    setText(seed.text);
  }
  const term = useSettled(text.trim());
  const found = useQuery(geocodeQuery(term));
  const results = term.length >= 2 ? (found.data?.results ?? []) : [];

  const choose = (result: GeocodeResult) => {
    onLocated({ lat: result.lat, lng: result.lng });
    onCentre({ lat: result.lat, lng: result.lng, zoom: result.zoom });
    setStatus(
      result.kind === 'city'
        ? `The pin is in the centre of ${result.name} (${result.detail}). Drag it or click the map to put it on the spot.`
        : `The pin is at ${result.name} (${result.detail}). Drag it to the exact spot if need be.`,
    );
  };
  // Enter picks the first answer rather than submitting the whole form.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (results[0]) choose(results[0]);
  };
  const locate = () => {
    setLocating(true);
    setStatus('Finding your position…');
    currentPosition(5)
      .then((position) => {
        onLocated(position);
        setStatus('The pin is at your position. Drag it to the exact spot if need be.');
      })
      .catch((reason: PositionFailure) => setStatus(locateMessages[reason]))
      .finally(() => setLocating(false));
  };
  const searching = term.length >= 2 && found.isFetching;
  const nothing = term.length >= 2 && !searching && found.isSuccess && results.length === 0;
  // A search that failed says why (the error catalogue's words); what did answer still shows.
  const failure = term.length >= 2 ? (found.error ?? found.data?.failure ?? null) : null;
  const message = failure
    ? describeError(failure, { quiet: true }).message
    : nothing
      ? `Nothing matches “${term}”: no Pinstar place, address or city. Click the map to place the pin by hand.`
      : status;

  return (
    <div className="space-y-2">
      <Label htmlFor={`${id}-search`}>Find an address, place or city</Label>
      <div className="flex flex-wrap gap-2">
        <div className="relative min-w-48 flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
          <Input
            id={`${id}-search`}
            type="search"
            className="pl-9"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
            aria-describedby={`${id}-credit`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
        <Button variant="secondary" className="min-h-10" onClick={locate} disabled={locating}>
          <LocateFixed aria-hidden="true" className="size-4" />
          Use my location
        </Button>
      </div>
      {results.length ? (
        <ul aria-label="Matching places and cities" className="divide-y divide-slate-200 rounded-md border border-slate-300">
          {results.map((result) => (
            <li key={result.key}>
              <button
                type="button"
                onClick={() => choose(result)}
                className="flex min-h-11 w-full items-center gap-3 px-3 py-2 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
              >
                {result.kind === 'city' ? (
                  <Building2 aria-hidden="true" className="size-4 shrink-0 text-slate-600" />
                ) : (
                  <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
                )}
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-slate-900">{result.name}</span>
                  <span className="block truncate text-xs text-slate-600">{result.detail}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p aria-live="polite" className="text-sm text-slate-700">
        {message}
      </p>
      <p id={`${id}-credit`} className="text-xs text-slate-600">
        Searches Pinstar’s places and a city list on this device; city names from GeoNames (CC BY 4.0).
      </p>
    </div>
  );
}
