import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { NewItemsPill } from '@/components/new-items-pill';
import { QueryFallback } from '@/components/query-fallback';
import { RatingStars } from '@/components/rating-stars';
import { RelativeTime } from '@/components/relative-time';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/lib/paths';
import { feedKeys } from '@/lib/query-keys';
import { feedQuery, type FeedItem } from '../api/feed';
import { followingIdsQuery } from '../api/following';
import { useFeedChannel } from '../hooks/use-feed-channel';

function FeedEntry({ item }: { item: FeedItem }) {
  const who = (
    <Link to={paths.profile(item.author_username)} className="font-semibold text-slate-900 hover:underline">
      {item.author_display_name}
    </Link>
  );
  const place = (
    <Link to={paths.place(item.place_id)} className="font-semibold text-brand-700 hover:underline">
      {item.place_name}
    </Link>
  );
  return (
    <article className="rounded-md border border-slate-200 p-4">
      <p className="text-sm text-slate-700">
        {who} {item.kind === 'review' ? 'reviewed' : 'added'} {place} · <RelativeTime value={item.created_at} />
      </p>
      {item.kind === 'review' ? (
        <>
          <RatingStars value={item.rating} className="mt-1" />
          <p className="mt-1 line-clamp-4 text-sm break-words whitespace-pre-line text-slate-800">{item.body}</p>
          <p className="mt-1 text-xs text-slate-600">
            <Link to={paths.review(item.place_id, item.id)} className="hover:underline">
              {item.helpful_count} helpful · {item.reply_count} {item.reply_count === 1 ? 'reply' : 'replies'}
            </Link>
          </p>
        </>
      ) : item.body ? (
        <p className="mt-1 line-clamp-3 text-sm text-slate-800">{item.body}</p>
      ) : null}
    </article>
  );
}

function FeedList({ userId, mode, near }: { userId: string; mode: 'following' | 'discover'; near: { lat: number; lng: number } | null }) {
  const query = useInfiniteQuery(feedQuery(userId, mode, near));
  const items = query.data?.pages.flat() ?? [];
  if (query.data === undefined) {
    return (
      <QueryFallback
        query={query}
        skeleton={
          <div role="status" aria-label="Loading the feed" className="space-y-3">
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} className="h-24 w-full" />
            ))}
          </div>
        }
      />
    );
  }
  if (items.length === 0) return <p className="text-sm text-slate-700">Nothing here yet.</p>;
  return (
    <>
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={`${item.kind}:${item.id}`}>
            <FeedEntry item={item} />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button variant="secondary" className="mt-3 w-full" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </Button>
      ) : null}
    </>
  );
}

/** Position rounded to ~3 decimals, as "Near me" does; asked for only when the member chooses. */
function useRoundedPosition() {
  const [near, setNear] = useState<{ lat: number; lng: number } | null>(null);
  const ask = () =>
    navigator.geolocation.getCurrentPosition((p) =>
      setNear({ lat: Math.round(p.coords.latitude * 1000) / 1000, lng: Math.round(p.coords.longitude * 1000) / 1000 }),
    );
  return { near, ask };
}

/** `/feed`: what the people the member follows posted, live; "Discover" while they follow nobody. */
export function FeedView({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const following = useQuery(followingIdsQuery(userId));
  const followed = useMemo(() => new Set(following.data ?? []), [following.data]);
  const { fresh, reset } = useFeedChannel(userId, followed);
  const { near, ask } = useRoundedPosition();
  const mode = following.data && following.data.length === 0 ? 'discover' : 'following';
  const show = () => {
    reset();
    void queryClient.resetQueries({ queryKey: feedKeys.all(userId) });
  };
  return (
    <div className="space-y-4">
      <NewItemsPill count={fresh} one="post" many="posts" onShow={show} />
      {following.data === undefined ? (
        <QueryFallback query={following} skeleton={<Skeleton className="h-24 w-full" />} />
      ) : mode === 'discover' ? (
        <section aria-labelledby="discover-title" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="discover-title" className="text-lg font-semibold">
              Discover
            </h2>
            <Button variant="secondary" size="sm" onClick={ask}>
              Near me
            </Button>
          </div>
          <p className="text-sm text-slate-700">
            You don’t follow anyone yet. Here are recent well-rated reviews{near ? ' near you' : ''}: follow their authors from their
            profiles.
          </p>
          <FeedList userId={userId} mode="discover" near={near} />
        </section>
      ) : (
        <FeedList userId={userId} mode="following" near={null} />
      )}
    </div>
  );
}
