import { zodResolver } from '@hookform/resolvers/zod';
import { Suspense, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { MapPlaceholder, PinPicker } from '@/components/map';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { fieldControlClass, Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { describeError } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { categoryLabels, placeCategories, type Place } from '@/lib/places';
import { findSimilarPlaces, useSavePlace, type SimilarPlace } from '../api/save-place';
import { placeInput, type PlaceInput } from '../place-input';
import { SimilarPlacesWarning } from './similar-places-warning';

const fields = ['name', 'category', 'description', 'address', 'lat', 'lng'] as const;

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
      navigate(paths.place(saved.id));
    } catch (error: unknown) {
      const described = describeError(error, { table: 'places' });
      const field = fields.find((f) => f === described.field);
      if (field) form.setError(field, { message: described.message }, { shouldFocus: true });
      else form.setError('root.server', { message: described.message });
    }
  };
  const onSubmit = form.handleSubmit((input) => save(input, false));
  const coordinate = { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) };

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-4">
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
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-900">Location</legend>
        <p className="text-sm text-slate-600">Click the map to place the pin, drag it to adjust, or type the coordinates.</p>
        <div className="relative h-72 overflow-hidden rounded-lg border border-slate-300 lg:h-96">
          <Suspense fallback={<MapPlaceholder className="absolute inset-0" />}>
            <PinPicker
              value={pin}
              label="Map to place the pin"
              className="absolute inset-0"
              onChange={(value) => {
                form.setValue('lat', value.lat, { shouldValidate: true, shouldDirty: true });
                form.setValue('lng', value.lng, { shouldValidate: true, shouldDirty: true });
                setSimilar(null);
              }}
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
    </form>
  );
}
