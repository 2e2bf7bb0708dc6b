import { z } from 'zod';
import { fieldMessages } from '@/lib/errors';
import { placeCategories } from '@/lib/places';

/** The same limits as the `places` check constraints in SQL. */
export const placeInput = z.object({
  name: z.string().trim().min(2, fieldMessages.name).max(80, fieldMessages.name),
  category: z.enum(placeCategories, { message: 'Choose a category.' }),
  description: z.string().trim().max(1000, fieldMessages.description),
  address: z.string().trim().max(200, fieldMessages.address),
  lat: z.number({ message: 'Place the pin or type a latitude.' }).min(-90, fieldMessages.lat).max(90, fieldMessages.lat),
  lng: z.number({ message: 'Place the pin or type a longitude.' }).min(-180, fieldMessages.lng).max(180, fieldMessages.lng),
});
export type PlaceInput = z.infer<typeof placeInput>;
