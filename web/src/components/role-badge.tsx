import { cn } from '@/lib/cn';
import { roleLabels } from '@/lib/roles';

/**
 * "Moderator" or "Admin" beside a member's name, from their role: names stay names, and the
 * role is said once, by the app. Nothing for members.
 */
export function RoleBadge({ role, className }: { role: string | null | undefined; className?: string }) {
  if (role !== 'moderator' && role !== 'admin') return null;
  return (
    <span
      className={cn(
        'ml-2 inline-flex items-center rounded-full px-2 py-0.5 align-middle text-xs font-medium',
        role === 'admin' ? 'bg-violet-100 text-violet-900' : 'bg-sky-100 text-sky-900',
        className,
      )}
    >
      {roleLabels[role]}
    </span>
  );
}
