import { zodResolver } from '@hookform/resolvers/zod';
import { Suspense, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { MapPlaceholder, PinPicker, type MapView } from '@/components/map';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { fieldControlClass, Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { describeError } from '@/lib/errors';
import { positionIfGranted, type Position } from '@/lib/geolocation';
import { lastExploreView } from '@/lib/last-view';
import { paths } from '@/lib/paths';
import { categoryLabels, placeCategories, type Place } from '@/lib/places';
import { findSimilarPlaces, useSavePlace, type SimilarPlace } from '../api/save-place';
import { placeInput, type PlaceInput } from '../place-input';
import { LocationFinder } from './location-finder';
import { SimilarPlacesWarning } from './similar-places-warning';

const fields = ['name', 'category', 'description', 'address', 'lat', 'lng'] as const;
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

/** Add or edit a place: details, a pin placed by click, drag or typed coordinates, and the 75 m check. */
export function PlaceForm({ userId, existing }: { userId: string; existing?: Place }) {
  const navigate = useNavigate();
  const savePlace = useSavePlace(userId, existing);
  const [similar, setSimilar] = useState<SimilarPlace[] | null>(null);
  const form = useForm<PlaceInput>({
    resolver: zodResolver(placeInput),
    defaultValues: existing
      ? {
          name: existing.name,
          category: existing.category,
          description: existing.description,
          address: existing.address ?? '',
          lat: existing.lat,
          lng: existing.lng,
        }
      : { name: '', description: '', address: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [lat, lng, description] = useWatch({ control: form.control, name: ['lat', 'lng', 'description'] });
  const pin = Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
  const { initialView, focus, setFocus } = useStartView(existing !== undefined);
  const placePin = (value: Position) => {
    form.setValue('lat', value.lat, { shouldValidate: true, shouldDirty: true });
    form.setValue('lng', value.lng, { shouldValidate: true, shouldDirty: true });
    setSimilar(null);
  };

  const save = async (input: PlaceInput, confirmed: boolean) => {
    try {
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
        <FormField label="Description" error={errors.description?.message} hint={`${(description ?? '').length}/1000`}>
          <Textarea rows={4} maxLength={1000} {...form.register('description')} />
        </FormField>
        <FormField label="Address (optional)" error={errors.address?.message}>
          <Input maxLength={200} autoComplete="street-address" {...form.register('address')} />
        </FormField>
      </div>
      <fieldset className="min-w-0 space-y-3 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <legend className="text-sm font-medium text-slate-900">Location</legend>
        <p className="text-sm text-slate-600">
          Find a city or place, then click the map to place the pin, drag it to adjust, or type the coordinates.
        </p>
        <LocationFinder onCentre={setFocus} onLocated={placePin} />
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
          {isSubmitting ? 'Saving…' : existing ? 'Save changes' : 'Add place'}
        </Button>
      </div>
    </form>
  );
}
