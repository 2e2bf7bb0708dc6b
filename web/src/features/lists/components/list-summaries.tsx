import { Star } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import type { ListSummary } from '../api/lists';

const visibilityWords = { private: 'Private', unlisted: 'Unlisted', public: 'Public' } as const;

/** List cards: emoji, name, count and visibility; "Starred" leads when `withStarred`. */
export function ListSummaries({
  lists,
  label,
  withStarred = false,
  extra,
}: {
  lists: ListSummary[];
  label: string;
  withStarred?: boolean;
  extra?: (list: ListSummary) => string | null;
}) {
  return (
    <ul aria-label={label} className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
      {withStarred ? (
        <li>
          <Link to={paths.starred()} className="flex min-h-16 items-center gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50">
            <Star aria-hidden="true" className="size-5 fill-amber-400 text-amber-500" />
            <span className="flex-1 font-medium">Starred</span>
            <span className="text-sm text-slate-600">Built in</span>
          </Link>
        </li>
      ) : null}
      {lists.map((list) => (
        <li key={list.id}>
          <Link
            to={paths.list(list.id)}
            className="flex min-h-16 items-center gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50"
          >
            <span aria-hidden="true" className="text-xl">
              {list.emoji ?? '📍'}
            </span>
            <span className="flex-1">
              <span className="block font-medium">{list.name}</span>
              <span className="block text-sm text-slate-600">
                {list.place_count === 1 ? '1 place' : `${list.place_count} places`} · {visibilityWords[list.visibility]}
                {extra?.(list) ? ` · ${extra(list)}` : ''}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
