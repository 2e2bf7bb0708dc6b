import type { Database } from './database.types';

export type UserRole = Database['public']['Enums']['user_role'];

/** How the app names each role, in badges, the role manager and the moderation log. */
export const roleLabels: Record<UserRole, string> = { member: 'Member', moderator: 'Moderator', admin: 'Admin' };
