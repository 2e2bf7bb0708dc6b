import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Photo } from '@/components/photo';
import { PlaceSummary } from '@/components/places/place-summary';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import type { Place } from '@/lib/places';

/** A tapped or clicked pin's place on a desktop map: name, summary, cover photo, "View place" and "Save". */
export function PlacePreview({ place, action }: { place: Place; action?: ReactNode }) {
  return (
    <div className="space-y-2">
      <p className="pr-8 font-semibold">{place.name}</p>
      <PlaceSummary place={place} />
      {place.cover_photo_path ? (
        <Photo
          path={place.cover_photo_path}
          alt=""
          width={400}
          ratio={16 / 9}
          sizes="18rem"
          thumbhash={place.cover_photo_thumbhash}
          className="rounded-md"
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-2 pt-1">
        <Link to={paths.place(place.id)} className={buttonVariants({ size: 'sm' })}>
          View place
        </Link>
        {action}
      </div>
    </div>
  );
}
