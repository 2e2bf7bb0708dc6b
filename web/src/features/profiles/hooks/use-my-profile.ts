import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth';
import { myProfileQuery } from '../api/profiles';

/** The signed-in member's profile, or null for visitors. */
export function useMyProfile() {
  const { user } = useAuth();
  return useQuery({ ...myProfileQuery(user?.id ?? ''), enabled: Boolean(user) });
}
