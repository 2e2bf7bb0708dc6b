import type { Factor } from '@supabase/supabase-js';
import { Button } from '@/components/ui/button';
import { formatShortDate } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { useRemoveFactor } from '../api/factors';

/** One kind of second factor (authenticator apps, security keys): name, when added, and Remove. */
export function FactorList({
  userId,
  factors,
  label,
  fallbackName,
}: {
  userId: string;
  factors: Factor[];
  label: string;
  fallbackName: string;
}) {
  const remove = useRemoveFactor(userId);
  if (factors.length === 0) return null;
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 rounded-md border border-slate-200">
      {factors.map((factor) => {
        const name = factor.friendly_name || fallbackName;
        return (
          <li key={factor.id} className="flex items-center justify-between gap-4 p-3">
            <span className="text-sm">
              <span className="font-medium">{name}</span>
              <span className="block text-slate-600">Added {formatShortDate(factor.created_at)}</span>
            </span>
            <Button
              variant="secondary"
              aria-label={`Remove ${name}`}
              disabled={remove.isPending}
              // A failure is toasted by the app's one error path (lib/query-client.ts), not here.
              onClick={() => remove.mutate(factor.id, { onSuccess: () => toast.success(`${name} removed`) })}
            >
              Remove
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
