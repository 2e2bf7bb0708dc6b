import { EyeOff, RotateCcw, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RelativeTime } from '@/components/relative-time';
import { RoleBadge } from '@/components/role-badge';
import { paths } from '@/lib/paths';
import type { LogEntry, LogPage } from '../api/moderation-log';
import { roleLabels, type UserRole } from '../schemas';

const actionLabels = {
  hide: { label: 'Hidden', icon: EyeOff, tone: 'bg-amber-100 text-amber-900' },
  restore: { label: 'Restored', icon: RotateCcw, tone: 'bg-emerald-100 text-emerald-900' },
  role_change: { label: 'Role changed', icon: ShieldCheck, tone: 'bg-sky-100 text-sky-900' },
} as const;

function roleLabel(role: string | undefined): string {
  return role && role in roleLabels ? roleLabels[role as UserRole] : (role ?? '?');
}

function PlaceLink({ id, name }: { id: string; name: string | undefined }) {
  return name ? (
    <Link to={paths.place(id)} className="font-medium text-brand-700 hover:underline">
      {name}
    </Link>
  ) : (
    <span className="text-slate-600">a place that is not visible</span>
  );
}

function ListLink({ id, name }: { id: string; name: string | undefined }) {
  return name ? (
    <Link to={paths.list(id)} className="font-medium text-brand-700 hover:underline">
      {name}
    </Link>
  ) : (
    <span className="text-slate-600">a list that is not visible</span>
  );
}

/** What the action was about, in words, linking to what the reader may still open. */
function describeTarget(entry: LogEntry, context: Omit<LogPage, 'entries'>): ReactNode {
  const placeId = entry.details.place_id;
  switch (entry.target_type) {
    case 'place':
      return (
        <>
          Place: <PlaceLink id={entry.target_id} name={context.places[entry.target_id]} />
        </>
      );
    case 'review':
    case 'photo':
    case 'reply':
      return (
        <>
          {{ review: 'A review', photo: 'A photo', reply: 'A reply' }[entry.target_type]}
          {placeId ? (
            <>
              {' '}
              on <PlaceLink id={placeId} name={context.places[placeId]} />
            </>
          ) : null}
        </>
      );
    case 'list':
      return (
        <>
          List: <ListLink id={entry.target_id} name={context.lists[entry.target_id]} />
        </>
      );
    case 'list_note':
      return (
        <>
          A note
          {entry.details.list_id ? (
            <>
              {' '}
              on the list <ListLink id={entry.details.list_id} name={context.lists[entry.details.list_id]} />
            </>
          ) : null}
        </>
      );
    case 'profile': {
      const member = context.members[entry.target_id];
      return (
        <>
          {member ? (
            <Link to={paths.profile(member.username)} className="font-medium text-brand-700 hover:underline">
              @{member.username}
            </Link>
          ) : (
            'A former member'
          )}
          {entry.details.to ? `: ${roleLabel(entry.details.from)} → ${roleLabel(entry.details.to)}` : null}
        </>
      );
    }
  }
}

export function LogEntryItem({ entry, context }: { entry: LogEntry; context: Omit<LogPage, 'entries'> }) {
  const action = actionLabels[entry.action];
  const Icon = action.icon;
  return (
    <article className="flex flex-col gap-1 border-b border-slate-200 py-3 last:border-b-0 sm:flex-row sm:items-start sm:gap-4">
      <span className={`inline-flex w-fit shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${action.tone}`}>
        <Icon aria-hidden="true" className="size-3.5" /> {action.label}
      </span>
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="text-sm text-slate-900">{describeTarget(entry, context)}</p>
        {entry.action !== 'role_change' ? (
          <p className="text-sm break-words text-slate-700">
            <span className="font-medium">Reason:</span> {entry.reason}
          </p>
        ) : null}
        <p className="text-xs text-slate-600">
          <RelativeTime value={entry.created_at} />
          {entry.moderator ? (
            <>
              {' '}
              · by @{entry.moderator.username}
              <RoleBadge role={entry.moderator.role} className="ml-1" />
            </>
          ) : null}
        </p>
      </div>
    </article>
  );
}
