import { Skeleton } from '@/components/ui/skeleton';

/**
 * A page while its code loads (the first visit of a route): the same boxes as index.html's static
 * shell draws for any page but Explore (`#shell-page`), so nothing is ever blank (decision 395).
 */
export function PageSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="mx-auto w-full max-w-5xl space-y-4 px-4 py-6">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}
