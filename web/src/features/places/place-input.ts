import { z } from 'zod';
import { placeCategories } from '@/lib/places';

/** The same limits as the `places` check constraints in SQL. */
export const placeInput = z.object({
  name: z.string().trim().min(2, 'Names are 2–80 characters.').max(80, 'Names are 2–80 characters.'),
  category: z.enum(placeCategories, { message: 'Choose a category.' }),
  description: z.string().trim().max(1000, 'Descriptions are at most 1000 characters.'),
  address: z.string().trim().max(200, 'Addresses are at most 200 characters.'),
  lat: z
    .number({ message: 'Place the pin or type a latitude.' })
    .min(-90, 'Latitude is between −90 and 90.')
    .max(90, 'Latitude is between −90 and 90.'),
  lng: z
    .number({ message: 'Place the pin or type a longitude.' })
    .min(-180, 'Longitude is between −180 and 180.')
    .max(180, 'Longitude is between −180 and 180.'),
});
export type PlaceInput = z.infer<typeof placeInput>;
