import { Check, X } from 'lucide-react';
import { RelativeTime } from '@/components/relative-time';
import { Button } from '@/components/ui/button';
import { useCloseReports } from '../api/close-reports';
import type { QueueGroup } from '../api/report-queue';
import type { TargetContent } from '../api/targets';
import { contentTypeLabels, reportReasonLabels } from '../schemas';
import { ModerateButton } from './moderate-button';
import { TargetPreview } from './target-preview';

/** "review by Ada on Le Procope", "place Le Procope": how buttons and headings name a target. */
export function describeSubject(type: QueueGroup['type'], target: TargetContent | null): string {
  if (!target) return `deleted ${contentTypeLabels[type]}`;
  if (target.type === 'place') return `place ${target.place.name}`;
  if (target.type === 'list') return `list ${target.name}`;
  if (target.type === 'list_note') return `note${target.author ? ` by ${target.author.display_name}` : ''} on list ${target.list.name}`;
  const by = target.author ? ` by ${target.author.display_name}` : '';
  return `${target.type}${by}${target.place ? ` on ${target.place.name}` : ''}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One reported target: the content, every open report on it, and what a moderator can do. */
export function ReportGroup({ group }: { group: QueueGroup }) {
  const subject = describeSubject(group.type, group.target);
  const headingId = `report-${group.type}-${group.id}`;
  const close = useCloseReports(group.reports.map((r) => r.id));
  const suggestions = [...new Set(group.reports.map((r) => reportReasonLabels[r.reason].label))];
  const count = group.reports.length;

  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 bg-surface p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-semibold break-words">
          {capitalize(subject)}
        </h3>
        <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
          {count} {count === 1 ? 'report' : 'reports'}
        </span>
      </header>
      {group.target ? (
        <TargetPreview target={group.target} />
      ) : (
        <p className="text-sm text-slate-700">This {contentTypeLabels[group.type]} was deleted after it was reported.</p>
      )}
      <ul className="space-y-2" aria-label={`Reports on this ${contentTypeLabels[group.type]}`}>
        {group.reports.map((report) => (
          <li key={report.id} className="text-sm">
            <span className="font-medium">{reportReasonLabels[report.reason].label}</span>
            {report.note ? <span className="break-words text-slate-800"> — “{report.note}”</span> : null}
            <span className="block text-xs text-slate-600">
              {report.reporter ? `@${report.reporter.username}` : 'A former member'} · <RelativeTime value={report.created_at} />
            </span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        {group.target ? (
          <ModerateButton
            action={group.target.hidden_at ? 'restore' : 'hide'}
            targetType={group.type}
            targetId={group.id}
            subject={subject}
            suggestions={group.target.hidden_at ? ['Reviewed again: nothing wrong'] : suggestions}
          />
        ) : null}
        <Button variant="secondary" size="sm" disabled={close.isPending} onClick={() => close.mutate('resolved')}>
          <Check aria-hidden="true" className="size-4" />
          <span>
            Resolve<span className="sr-only"> the reports on {subject}</span>
          </span>
        </Button>
        <Button variant="ghost" size="sm" disabled={close.isPending} onClick={() => close.mutate('dismissed')}>
          <X aria-hidden="true" className="size-4" />
          <span>
            Dismiss<span className="sr-only"> the reports on {subject}</span>
          </span>
        </Button>
      </div>
    </article>
  );
}
