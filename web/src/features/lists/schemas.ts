import { z } from 'zod';
import type { Database } from '@/lib/database.types';
import { fieldMessages } from '@/lib/errors';

export type ListVisibility = Database['public']['Enums']['list_visibility'];
export type ListRole = Database['public']['Enums']['list_role'];
export type ListRow = Database['public']['Tables']['lists']['Row'];

/** The limits the database also checks (supabase/migrations/…_lists.sql). */
export const listLimits = { name: 60, description: 500, note: 280, lists: 100, places: 1000, members: 50 } as const;

export const visibilityLabels: Record<ListVisibility, string> = {
  private: 'Private — only you and the people you invite',
  unlisted: 'Unlisted — anyone with the link',
  public: 'Public — on your profile, anyone can follow',
};

export const listInput = z.object({
  name: z.string().trim().min(1, fieldMessages.list_name).max(listLimits.name, fieldMessages.list_name),
  description: z.string().max(listLimits.description, fieldMessages.list_description),
  emoji: z.string().max(16),
  visibility: z.enum(['private', 'unlisted', 'public']),
});
export type ListInput = z.infer<typeof listInput>;

export const listNote = z.string().max(listLimits.note, fieldMessages.list_note);
