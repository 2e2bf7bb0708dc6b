import { NotificationBell } from '@/features/community';
import { useAuth } from '@/lib/auth';

/** What the header holds for members only (the bell); loaded once someone is signed in. */
export default function MemberHeader() {
  const { user } = useAuth();
  return user ? <NotificationBell userId={user.id} /> : null;
}
