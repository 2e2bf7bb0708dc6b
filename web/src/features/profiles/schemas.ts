import { z } from 'zod';
import { fieldMessages } from '@/lib/errors';

/** The same limits as the `profiles` constraints in SQL. */
export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'Use at least 3 characters.')
  .max(24, 'Use at most 24 characters.')
  .regex(/^[a-z0-9_]+$/, 'Use lowercase letters, digits and underscores only.');

export const profileInput = z.object({
  username: usernameSchema,
  displayName: z.string().trim().min(1, 'Enter a display name.').max(50, 'Display names are at most 50 characters.'),
  bio: z.string().trim().max(280, fieldMessages.bio),
});
export type ProfileInput = z.infer<typeof profileInput>;

export { type Profile, profileRow } from './api/profile-row';

/** Avatars: any common image, ≤ 2 MB after resizing (the bucket's limit); the source may be larger. */
export const avatarSourceMaxBytes = 20 * 1024 * 1024;
export const avatarAcceptedTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
