import { Tooltip } from '@/components/ui/tooltip';
import { formatFullDateTime, formatRelativeDate, toIsoString } from '@/lib/dates';

/** "3 days ago" / "Mar 3, 2026", with the full date and time on hover and focus. */
export function RelativeTime({ value, className }: { value: string | Date; className?: string }) {
  return (
    <Tooltip content={formatFullDateTime(value)}>
      {/* Focusable so keyboard users can reach the tooltip too. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <time tabIndex={0} dateTime={toIsoString(value)} className={className}>
        {formatRelativeDate(value)}
      </time>
    </Tooltip>
  );
}
