import { useQuery } from '@tanstack/react-query';
import { QueryFallback } from '@/components/query-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { hiddenContentQuery } from '../api/moderate-content';
import { ModerateButton } from './moderate-button';
import { describeSubject } from './report-group';
import { TargetPreview } from './target-preview';

/** What is hidden now (newest first), each with "Restore…". */
export function HiddenContent() {
  const query = useQuery(hiddenContentQuery());
  if (query.data === undefined) {
    return (
      <QueryFallback
        query={query}
        skeleton={
          <div role="status" aria-label="Loading hidden content">
            <Skeleton className="h-32 w-full" />
          </div>
        }
      />
    );
  }
  if (query.data.length === 0) return <p className="text-slate-700">Nothing is hidden.</p>;
  return (
    <ul className="space-y-3">
      {query.data.map((target) => (
        <li key={`${target.type}:${target.id}`} className="space-y-2">
          <TargetPreview target={target} />
          <ModerateButton
            action="restore"
            targetType={target.type}
            targetId={target.id}
            subject={describeSubject(target.type, target)}
            suggestions={['Reviewed again: nothing wrong']}
          />
        </li>
      ))}
    </ul>
  );
}
