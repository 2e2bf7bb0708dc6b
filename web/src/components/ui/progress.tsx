import { cn } from '@/lib/cn';

/** A determinate progress bar (0–100) with its name for assistive technology. */
export function Progress({ value, label, className }: { value: number; label: string; className?: string }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${clamped}%` }} />
    </div>
  );
}
