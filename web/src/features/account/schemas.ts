import { z } from 'zod';

export const reviewChoice = z.enum(['delete', 'anonymize']);
export type ReviewChoice = z.infer<typeof reviewChoice>;

/** The delete-account confirmation: the username typed exactly, and what becomes of reviews. */
export function deleteAccountInput(username: string) {
  return z.object({
    confirmation: z.string().refine((v) => v.trim() === username, `Type ${username} to confirm.`),
    reviews: reviewChoice,
  });
}
export type DeleteAccountInput = z.infer<ReturnType<typeof deleteAccountInput>>;

/** What `export-my-data` answers (checked loosely: the file is handed over as-is). */
export const exportPayload = z.looseObject({
  exported_at: z.string(),
  places_geojson: z.looseObject({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) }),
});
export type ExportPayload = z.infer<typeof exportPayload>;
