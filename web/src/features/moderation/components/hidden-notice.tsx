import { useQuery } from '@tanstack/react-query';
import { EyeOff } from 'lucide-react';
import { Link } from 'react-router';
import { formatShortDate } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { hiddenReasonQuery } from '../api/moderate-content';
import { contentTypeLabels, type ContentType } from '../schemas';

/**
 * Shown to the author (and moderators) next to content that moderators hid: why, and when.
 * Everyone else never receives the hidden row, so never renders this.
 */
export function HiddenNotice({ targetType, targetId, className }: { targetType: ContentType; targetId: string; className?: string }) {
  const { data } = useQuery(hiddenReasonQuery(targetType, targetId));
  return (
    <div role="note" className={`flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 ${className ?? ''}`}>
      <EyeOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <span className="font-semibold">Hidden by moderators{data?.created_at ? ` on ${formatShortDate(data.created_at)}` : ''}</span> —
        only you and moderators can see this {contentTypeLabels[targetType]}.
        {data?.reason ? (
          <>
            {' '}
            Reason: <span className="font-medium">“{data.reason}”</span>.
          </>
        ) : null}{' '}
        <Link to={paths.moderationLog()} className="underline">
          Moderation log
        </Link>
      </p>
    </div>
  );
}
