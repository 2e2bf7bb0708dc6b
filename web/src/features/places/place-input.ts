import { z } from 'zod';
import { fieldMessages } from '@/lib/errors';
import { openingHoursSchema } from '@/lib/opening-hours';
import { placeCategories } from '@/lib/places';

/** The same limits as the `places` check constraints in SQL (…_core_schema.sql, …_place_basics.sql). */
export const placeInput = z
  .object({
    name: z.string().trim().min(2, fieldMessages.name).max(80, fieldMessages.name),
    category: z.enum(placeCategories, { message: 'Choose a category.' }),
    description: z.string().trim().max(1000, fieldMessages.description),
    address: z.string().trim().max(200, fieldMessages.address),
    lat: z.number({ message: 'Place the pin or type a latitude.' }).min(-90, fieldMessages.lat).max(90, fieldMessages.lat),
    lng: z.number({ message: 'Place the pin or type a longitude.' }).min(-180, fieldMessages.lng).max(180, fieldMessages.lng),
    // empty: none (null in SQL)
    phone: z
      .string()
      .trim()
      .refine(
        (v) => v === '' || (v.length >= 5 && v.length <= 32 && /^\+?[0-9 ().-]+$/.test(v) && (v.match(/[0-9]/g)?.length ?? 0) >= 5),
        fieldMessages.phone,
      ),
    website: z
      .string()
      .trim()
      .refine((v) => v === '' || (v.length <= 300 && /^https?:\/\/[a-z0-9][^\s]*$/i.test(v)), fieldMessages.website),
    price_level: z.number().int().min(1, fieldMessages.price_level).max(4, fieldMessages.price_level).nullable(),
    time_zone: z
      .string()
      .max(64, fieldMessages.time_zone)
      .regex(/^(|UTC|[A-Z][A-Za-z_]+(\/[A-Za-z0-9_+-]+){1,2})$/, fieldMessages.time_zone),
    opening_hours: openingHoursSchema.nullable(),
  })
  .refine((p) => p.opening_hours === null || p.time_zone !== '', { message: fieldMessages.time_zone, path: ['time_zone'] });
export type PlaceInput = z.infer<typeof placeInput>;

/** The fields a member can suggest a change to (suggest_place_edit takes only these). */
export const suggestableFields = [
  'name',
  'category',
  'address',
  'lat',
  'lng',
  'time_zone',
  'opening_hours',
  'phone',
  'website',
  'price_level',
] as const;
export type SuggestableField = (typeof suggestableFields)[number];
