import { zodResolver } from '@hookform/resolvers/zod';
import { Suspense, useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { MapPlaceholder, PinPicker, type MapView } from '@/components/map';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { fieldControlClass, Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { describeError } from '@/lib/errors';
import { positionIfGranted, type Position } from '@/lib/geolocation';
import { lastExploreView } from '@/lib/last-view';
import { asOpeningHours } from '@/lib/opening-hours';
import { paths } from '@/lib/paths';
import { categoryLabels, placeCategories, type Place } from '@/lib/places';
import { findSimilarPlaces, useSavePlace, type SimilarPlace } from '../api/save-place';
import { changedFields, useSuggestEdit } from '../api/suggest-edit';
import { placeInput, type PlaceInput } from '../place-input';
import { ContactFields } from './contact-fields';
import { HoursEditor } from './hours-editor';
import { LocationFinder } from './location-finder';
import { SimilarPlacesWarning } from './similar-places-warning';

const fields = [
  'name',
  'category',
  'description',
  'address',
  'lat',
  'lng',
  'phone',
  'website',
  'price_level',
  'time_zone',
  'opening_hours',
] as const;

/** The time zone at a point, from a compact world map of zones loaded with the form (CC0 data). */
async function zoneAt(lat: number, lng: number): Promise<string | null> {
  try {
    const { default: tzLookup } = await import('@photostructure/tz-lookup');
    return tzLookup(lat, lng);
  } catch {
    return null;
  }
}
const worldView: MapView = { lat: 30, lng: 10, zoom: 2 };

/**
 * Where the map of a new place opens: the area last explored (when zoomed in past the whole
 * world), else the world until the visitor's position (only if already allowed) arrives.
 */
function useStartView(hasPin: boolean) {
  const [explored] = useState(() => {
    const view = lastExploreView();
    return view && view.zoom > worldView.zoom ? view : null;
  });
  const [focus, setFocus] = useState<MapView | null>(null);
  useEffect(() => {
    if (hasPin || explored) return;
    let cancelled = false;
    void positionIfGranted(3).then((position) => {
      if (position && !cancelled) setFocus((current) => current ?? { ...position, zoom: 13 });
    });
    return () => {
      cancelled = true;
    };
    // Once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { initialView: explored ?? worldView, focus, setFocus };
}

function defaultsOf(existing: Place | undefined): Partial<PlaceInput> {
  const basics = { phone: '', website: '', price_level: null, time_zone: '', opening_hours: null };
  if (!existing) return { name: '', description: '', address: '', ...basics };
  return {
    name: existing.name,
    category: existing.category,
    description: existing.description,
    address: existing.address ?? '',
    lat: existing.lat,
    lng: existing.lng,
    phone: existing.phone ?? '',
    website: existing.website ?? '',
    price_level: existing.price_level,
    time_zone: existing.time_zone ?? '',
    opening_hours: asOpeningHours(existing.opening_hours),
  };
}

/**
 * Add or edit a place, or suggest an edit of someone else's (`suggest`): details, a pin placed by
 * click, drag, typed coordinates or a found address, hours and contact, and the 75 m check.
 */
export function PlaceForm({ userId, existing, suggest = false }: { userId: string; existing?: Place; suggest?: boolean }) {
  const navigate = useNavigate();
  const savePlace = useSavePlace(userId, existing);
  const suggestEdit = useSuggestEdit(existing?.id ?? '');
  const [similar, setSimilar] = useState<SimilarPlace[] | null>(null);
  const [note, setNote] = useState('');
  const [seed, setSeed] = useState<{ text: string; at: number } | null>(null);
  const form = useForm<PlaceInput>({ resolver: zodResolver(placeInput), defaultValues: defaultsOf(existing) });
  const { errors, isSubmitting } = form.formState;
  const [lat, lng, description, timeZone] = useWatch({ control: form.control, name: ['lat', 'lng', 'description', 'time_zone'] });
  const pin = Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
  const { initialView, focus, setFocus } = useStartView(existing !== undefined);
  const placePin = (value: Position) => {
    form.setValue('lat', value.lat, { shouldValidate: true, shouldDirty: true });
    form.setValue('lng', value.lng, { shouldValidate: true, shouldDirty: true });
    setSimilar(null);
  };
  // The pin decides the time zone (the hours are in it), unless the member chose one.
  useEffect(() => {
    if (!pin || form.getFieldState('time_zone').isDirty) return;
    let cancelled = false;
    void zoneAt(pin.lat, pin.lng).then((zone) => {
      if (zone && !cancelled && zone !== form.getValues('time_zone')) form.setValue('time_zone', zone, { shouldValidate: true });
    });
    return () => {
      cancelled = true;
    };
  }, [pin?.lat, pin?.lng, form]); // eslint-disable-line react-hooks/exhaustive-deps

  const sendSuggestion = async (input: PlaceInput) => {
    if (!existing) return;
    const changes = changedFields(existing, input);
    if (Object.keys(changes).length === 0) {
      form.setError('root.server', { message: 'Change something first: this suggestion changes nothing.' });
      return;
    }
    await suggestEdit.mutateAsync({ changes, note: note.trim() });
    void navigate(`${paths.place(existing.id)}#history`);
  };

  const save = async (input: PlaceInput, confirmed: boolean) => {
    try {
      if (suggest) return await sendSuggestion(input);
      const moved = !existing || existing.name !== input.name || existing.lat !== input.lat || existing.lng !== input.lng;
      if (!confirmed && moved) {
        const found = (await findSimilarPlaces(input.name, input.lat, input.lng)).filter((p) => p.id !== existing?.id);
        if (found.length) {
          setSimilar(found);
          return;
        }
      }
      const saved = await savePlace.mutateAsync(input);
      void navigate(paths.place(saved.id));
    } catch (error: unknown) {
      const described = describeError(error, { table: 'places' });
      const field = fields.find((f) => f === described.field);
      if (field) form.setError(field, { message: described.message }, { shouldFocus: true });
      else form.setError('root.server', { message: described.message });
    }
  };
  const onSubmit = form.handleSubmit((input) => save(input, false));
  const coordinate = { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) };

  // One column on phones, in the order of the work: details, then the pin, then saving.
  // From lg the location takes the right column beside both.
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-6 lg:grid-cols-2 lg:grid-rows-[auto_1fr]">
      <div className="space-y-4 lg:col-start-1">
        <FormError>{errors.root?.server?.message}</FormError>
        <FormField label="Name" error={errors.name?.message}>
          <Input maxLength={80} {...form.register('name')} />
        </FormField>
        <FormField label="Category" error={errors.category?.message}>
          <select className={fieldControlClass} {...form.register('category')} defaultValue={existing?.category ?? ''}>
            <option value="" disabled>
              Choose a category
            </option>
            {placeCategories.map((c) => (
              <option key={c} value={c}>
                {categoryLabels[c]}
              </option>
            ))}
          </select>
        </FormField>
        {suggest ? null : (
          <FormField label="Description" error={errors.description?.message} hint={`${(description ?? '').length}/1000`}>
            <Textarea rows={4} maxLength={1000} {...form.register('description')} />
          </FormField>
        )}
        <FormField label="Address (optional)" error={errors.address?.message}>
          <Input maxLength={200} autoComplete="street-address" {...form.register('address')} />
        </FormField>
        <Button variant="ghost" size="sm" onClick={() => setSeed({ text: form.getValues('address'), at: Date.now() })}>
          Find this address on the map
        </Button>
        <Controller
          control={form.control}
          name="opening_hours"
          render={({ field, fieldState }) => (
            <HoursEditor
              value={field.value}
              onChange={field.onChange}
              timeZone={timeZone}
              error={fieldState.error?.message ?? firstHoursError(errors.opening_hours)}
            />
          )}
        />
        <ContactFields form={form} />
        {suggest ? (
          <FormField label="Why (optional)" hint="Seen by whoever decides, and in the place’s history.">
            <Textarea rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
          </FormField>
        ) : null}
      </div>
      <fieldset className="min-w-0 space-y-3 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <legend className="text-sm font-medium text-slate-900">Location</legend>
        <p className="text-sm text-slate-600">
          Find a city or place, then click the map to place the pin, drag it to adjust, or type the coordinates.
        </p>
        <LocationFinder onCentre={setFocus} onLocated={placePin} seed={seed} />
        <div className="relative h-72 overflow-hidden rounded-lg border border-slate-300 lg:h-96">
          <Suspense fallback={<MapPlaceholder className="absolute inset-0" />}>
            <PinPicker
              value={pin}
              label="Map to place the pin"
              className="absolute inset-0"
              initialView={initialView}
              focus={focus}
              onChange={placePin}
            />
          </Suspense>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <FormField label="Latitude" error={errors.lat?.message}>
            <Input type="number" step="any" min={-90} max={90} inputMode="decimal" {...form.register('lat', coordinate)} />
          </FormField>
          <FormField label="Longitude" error={errors.lng?.message}>
            <Input type="number" step="any" min={-180} max={180} inputMode="decimal" {...form.register('lng', coordinate)} />
          </FormField>
        </div>
      </fieldset>
      <div className="space-y-4 lg:col-start-1 lg:row-start-2">
        {similar ? (
          <SimilarPlacesWarning
            places={similar}
            onDismiss={() => setSimilar(null)}
            onConfirm={() => void form.handleSubmit((input) => save(input, true))()}
          />
        ) : null}
        <Button type="submit" disabled={isSubmitting || similar !== null}>
          {isSubmitting ? 'Saving…' : suggest ? 'Send suggestion' : existing ? 'Save changes' : 'Add place'}
        </Button>
      </div>
    </form>
  );
}

/** The first message zod gave anywhere inside the hours (a range, a day, a date). */
function firstHoursError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string') return own;
  for (const value of Object.values(error)) {
    const found = firstHoursError(value);
    if (found) return found;
  }
  return undefined;
}
