import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Five stars filled to `value` (0–5), with the value in words for assistive technology. */
export function RatingStars({ value, className, size = 'sm' }: { value: number; className?: string; size?: 'sm' | 'lg' }) {
  const icon = size === 'lg' ? 'size-5' : 'size-3.5';
  return (
    <span className={cn('inline-flex items-center', className)} role="img" aria-label={`${value.toFixed(1)} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = Math.max(0, Math.min(1, value - (n - 1)));
        return (
          <span key={n} className={cn('relative inline-block', icon)}>
            <Star aria-hidden="true" className={cn('absolute inset-0 text-slate-300', icon)} />
            <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
              <Star aria-hidden="true" className={cn('fill-amber-400 text-amber-500', icon)} />
            </span>
          </span>
        );
      })}
    </span>
  );
}
