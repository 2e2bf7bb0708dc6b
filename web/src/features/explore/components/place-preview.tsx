import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Photo } from '@/components/photo';
import { PlaceSummary } from '@/components/places/place-summary';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import type { PlaceCardData } from '@/lib/places';

export interface PlacePreviewCardProps {
  place: PlaceCardData;
  /** A control beside "View place" ("Save"), composed by the screen. */
  action?: ReactNode;
  /**
   * `popup`: in the desktop map's popup beside the pin — the name first (the popup's close
   * button sits beside it), the cover photo under the rating, loaded when shown.
   * `drawer`: at the top of the phone's list drawer, whose title already names the place — framed,
   * the cover photo first and at once (it is the drawer's largest picture), then the address.
   */
  placement: 'popup' | 'drawer';
}

/** A tapped or clicked pin's place: summary, cover photo, "View place" and the screen's action. */
export function PlacePreviewCard({ place, action, placement }: PlacePreviewCardProps) {
  const drawer = placement === 'drawer';
  const photo = place.cover_photo_path ? (
    <Photo
      path={place.cover_photo_path}
      alt=""
      width={400}
      ratio={16 / 9}
      sizes={drawer ? '100vw' : '18rem'}
      thumbhash={place.cover_photo_thumbhash}
      eager={drawer}
      className="rounded-md"
    />
  ) : null;
  return (
    <div className={cn('space-y-2', drawer && 'mb-4 rounded-lg border border-brand-500 bg-brand-50 p-3')}>
      {drawer ? photo : <p className="pr-8 font-semibold">{place.name}</p>}
      <PlaceSummary place={place} />
      {drawer && place.address ? <p className="text-sm text-slate-700">{place.address}</p> : null}
      {drawer ? null : photo}
      <div className="flex flex-wrap items-center gap-2 pt-1">
        <Link to={paths.place(place.id)} className={buttonVariants({ size: 'sm' })}>
          View place
        </Link>
        {action}
      </div>
    </div>
  );
}
