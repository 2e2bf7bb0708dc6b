import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { fieldControlClass, Input } from '@/components/ui/input';
import type { PlaceInput } from '../place-input';
import { priceLabel } from '../price';

/** Every IANA zone this browser knows, for the time zone menu (the pin chooses one by itself). */
const zones: readonly string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
})();

/** Phone, website, price level and the place's time zone, with the limits SQL checks. */
export function ContactFields({ form }: { form: UseFormReturn<PlaceInput> }) {
  const { errors } = form.formState;
  const zone = form.watch('time_zone');
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-medium text-slate-900">Contact and prices</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Phone (optional)" error={errors.phone?.message}>
          <Input type="tel" maxLength={32} autoComplete="off" inputMode="tel" {...form.register('phone')} />
        </FormField>
        <FormField label="Website (optional)" error={errors.website?.message}>
          <Input type="url" maxLength={300} autoComplete="off" placeholder="https://" {...form.register('website')} />
        </FormField>
        <FormField label="Price level (optional)" error={errors.price_level?.message}>
          <select
            className={fieldControlClass}
            {...form.register('price_level', { setValueAs: (v: string) => (v === '' || v === null ? null : Number(v)) })}
          >
            <option value="">Not known</option>
            {[1, 2, 3, 4].map((level) => {
              const label = priceLabel(level, zone || null);
              return (
                <option key={level} value={level}>
                  {label.symbols} · {label.words}
                </option>
              );
            })}
          </select>
        </FormField>
        <FormField label="Time zone" error={errors.time_zone?.message} hint="Set from the pin; the hours are in this zone.">
          <select className={fieldControlClass} {...form.register('time_zone')}>
            <option value="">Not set</option>
            {(zone && !zones.includes(zone) ? [zone, ...zones] : zones).map((z) => (
              <option key={z} value={z}>
                {z.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </FormField>
      </div>
    </fieldset>
  );
}
