import * as z from 'zod/mini';

/**
 * A `profiles` row as the API returns it, checked with zod's small build: the header's account
 * menu and every page that shows a member read it, and the classic build would be on their way.
 */
export const profileRow = z.object({
  id: z.string(),
  username: z.string(),
  display_name: z.string(),
  bio: z.nullable(z.string()),
  avatar_path: z.nullable(z.string()),
  role: z.string(),
  created_at: z.string(),
});
export type Profile = z.infer<typeof profileRow>;
