import { useSuspenseQuery } from '@tanstack/react-query';
import { MapPin, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RelativeTime } from '@/components/relative-time';
import { RoleBadge } from '@/components/role-badge';
import { Avatar } from '@/components/ui/avatar';
import { formatJoined, formatVisited } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { categoryLabels, ratingSummary } from '@/lib/places';
import { profileActivityQuery } from '../api/profile-activity';
import type { Profile } from '../schemas';

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

function EmptyState({ children }: { children: string }) {
  return <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-600">{children}</p>;
}

export function ProfileHeader({ profile, reviewCount, placeCount }: { profile: Profile; reviewCount: number; placeCount: number }) {
  return (
    <header className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
      <Avatar path={profile.avatar_path} name={profile.display_name} size="lg" />
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-1">
          <h1 className="text-2xl font-semibold break-words">{profile.display_name}</h1>
          <RoleBadge role={profile.role} className="ml-1" />
        </div>
        <p className="text-slate-600">@{profile.username}</p>
        {profile.bio ? <p className="mt-2 max-w-prose break-words whitespace-pre-line">{profile.bio}</p> : null}
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          <span>{formatJoined(profile.created_at)}</span>
          <span>{plural(reviewCount, 'review', 'reviews')}</span>
          <span>{plural(placeCount, 'place added', 'places added')}</span>
        </p>
      </div>
    </header>
  );
}

/**
 * A member's public page: who they are, then `beforeActivity` (the route puts Follow, the
 * follower counts and the member's public lists there, first on a phone), what they reviewed,
 * what they added.
 */
export function ProfileView({ profile, beforeActivity }: { profile: Profile; beforeActivity?: ReactNode }) {
  const { data } = useSuspenseQuery(profileActivityQuery(profile.id));
  const first = profile.display_name.split(' ')[0] ?? profile.display_name;
  return (
    <div className="space-y-8">
      <ProfileHeader profile={profile} reviewCount={data.reviewCount} placeCount={data.placeCount} />
      {beforeActivity}
      <section aria-labelledby="profile-reviews" className="space-y-3">
        <h2 id="profile-reviews" className="text-lg font-semibold">
          Reviews
        </h2>
        {data.reviews.length === 0 ? (
          <EmptyState>{`${first} hasn’t written any reviews yet.`}</EmptyState>
        ) : (
          <ul className="space-y-3">
            {data.reviews.map((review) => (
              <li key={review.id} className="rounded-md border border-slate-200 p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  {review.place ? (
                    <Link to={paths.place(review.place.id)} className="font-medium text-brand-700 underline-offset-4 hover:underline">
                      {review.place.name}
                    </Link>
                  ) : null}
                  <RelativeTime value={review.created_at} className="text-sm text-slate-600" />
                </div>
                <p className="mt-1 flex items-center gap-1 text-sm text-slate-700">
                  <Star aria-hidden="true" className="size-4 fill-amber-500 text-amber-600" />
                  {review.rating} out of 5{review.visited_on ? ` · ${formatVisited(review.visited_on)}` : ''}
                </p>
                <p className="mt-2 line-clamp-4 break-words whitespace-pre-line">{review.body}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="profile-places" className="space-y-3">
        <h2 id="profile-places" className="text-lg font-semibold">
          Places added
        </h2>
        {data.places.length === 0 ? (
          <EmptyState>{`${first} hasn’t added any places yet.`}</EmptyState>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {data.places.map((place) => (
              <li key={place.id} className="flex items-start gap-2 rounded-md border border-slate-200 p-4">
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                <div className="min-w-0">
                  <Link to={paths.place(place.id)} className="font-medium break-words text-brand-700 underline-offset-4 hover:underline">
                    {place.name}
                  </Link>
                  <p className="text-sm text-slate-600">
                    {categoryLabels[place.category]} · {ratingSummary(place)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
