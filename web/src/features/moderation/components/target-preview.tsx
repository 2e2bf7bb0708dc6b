import { Link } from 'react-router';
import { Photo } from '@/components/photo';
import { RelativeTime } from '@/components/relative-time';
import { paths } from '@/lib/paths';
import { categoryLabels } from '@/lib/places';
import type { TargetContent } from '../api/targets';

function Byline({ target }: { target: TargetContent }) {
  const verb = target.type === 'place' ? 'Added' : target.type === 'list' ? 'Made' : target.type === 'list_note' ? 'Written' : 'Posted';
  return (
    <p className="text-xs text-slate-600">
      {verb} by{' '}
      {target.author ? (
        <Link to={paths.profile(target.author.username)} className="font-medium text-brand-700 hover:underline">
          {target.author.display_name} (@{target.author.username})
        </Link>
      ) : (
        'a former member'
      )}{' '}
      · <RelativeTime value={target.created_at} />
      {target.hidden_at ? <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900">Hidden</span> : null}
    </p>
  );
}

/** The reported content itself, in context (its place, author and date). */
export function TargetPreview({ target }: { target: TargetContent }) {
  return (
    <div className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3">
      {target.type === 'review' ? (
        <>
          <p className="text-sm">
            <span className="font-medium">{target.rating} of 5 stars</span>
            {target.place ? (
              <>
                {' '}
                on{' '}
                <Link to={paths.place(target.place.id)} className="font-medium text-brand-700 hover:underline">
                  {target.place.name}
                </Link>
              </>
            ) : null}
          </p>
          <blockquote className="border-l-4 border-slate-300 pl-3 text-sm break-words whitespace-pre-line text-slate-800">
            {target.body}
          </blockquote>
        </>
      ) : target.type === 'reply' ? (
        <>
          <p className="text-sm">
            Reply to a review
            {target.place ? (
              <>
                {' '}
                on{' '}
                <Link to={paths.place(target.place.id)} className="font-medium text-brand-700 hover:underline">
                  {target.place.name}
                </Link>
              </>
            ) : null}
          </p>
          <blockquote className="border-l-4 border-slate-300 pl-3 text-sm break-words whitespace-pre-line text-slate-800">
            {target.body}
          </blockquote>
        </>
      ) : target.type === 'place' ? (
        <>
          <p className="text-sm">
            <Link to={paths.place(target.id)} className="font-semibold text-brand-700 hover:underline">
              {target.place.name}
            </Link>{' '}
            <span className="text-slate-600">· {categoryLabels[target.category]}</span>
          </p>
          {target.address ? <p className="text-sm text-slate-700">{target.address}</p> : null}
          {target.description ? <p className="line-clamp-4 text-sm break-words text-slate-800">{target.description}</p> : null}
        </>
      ) : target.type === 'list' ? (
        <>
          <p className="text-sm">
            List{' '}
            <Link to={paths.list(target.id)} className="font-semibold text-brand-700 hover:underline">
              {target.emoji ? `${target.emoji} ` : ''}
              {target.name}
            </Link>
          </p>
          {target.description ? <p className="line-clamp-4 text-sm break-words text-slate-800">{target.description}</p> : null}
        </>
      ) : target.type === 'list_note' ? (
        <>
          <p className="text-sm">
            Note on the list{' '}
            <Link to={paths.list(target.list.id)} className="font-medium text-brand-700 hover:underline">
              {target.list.name}
            </Link>
          </p>
          <blockquote className="border-l-4 border-slate-300 pl-3 text-sm break-words whitespace-pre-line text-slate-800">
            {target.note}
          </blockquote>
        </>
      ) : (
        <div className="flex items-start gap-3">
          <Photo path={target.path} alt={target.alt} width={128} ratio={1} className="size-32 shrink-0 rounded-md" />
          <p className="text-sm text-slate-700">
            {target.place ? (
              <>
                Photo on{' '}
                <Link to={paths.place(target.place.id)} className="font-medium text-brand-700 hover:underline">
                  {target.place.name}
                </Link>
              </>
            ) : (
              'Photo'
            )}
          </p>
        </div>
      )}
      <Byline target={target} />
    </div>
  );
}
