import { Clock, Globe, Navigation, Phone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { directionsUrl, mapsPlatform } from '@/lib/directions';
import { asOpeningHours, describeDay, localNow, openStatus, upcomingExceptions, weekdays } from '@/lib/opening-hours';
import type { Place } from '@/lib/places';
import { priceLabel } from '../price';

/** The time, again every minute, so "Open now" turns to "Closed" while the page is open. */
function useMinute(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const dateLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Open now · closes 22:00" or "Closed · Opens at 9:00 tomorrow", then the week and the dates with other hours. */
function Hours({ place, now }: { place: Place; now: Date }) {
  const hours = asOpeningHours(place.opening_hours);
  if (!hours || !place.time_zone) return null;
  const status = openStatus(hours, place.time_zone, now);
  const today = localNow(now, place.time_zone);
  const exceptions = upcomingExceptions(hours, today.date).slice(0, 5);
  return (
    <details className="group text-sm">
      <summary className="flex min-h-6 cursor-pointer list-none items-center gap-1.5">
        <Clock aria-hidden="true" className="size-4 text-slate-600" />
        <span className={cn('font-medium', status.open ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400')}>
          {status.label}
        </span>
        {status.detail ? <span className="text-slate-700">· {status.detail}</span> : null}
        <span className="text-slate-500 underline decoration-dotted group-open:hidden">Hours</span>
      </summary>
      <table className="mt-2 text-sm" aria-label={`Opening hours (${place.time_zone.replaceAll('_', ' ')} time)`}>
        <tbody>
          {weekdays.map((day, i) => (
            <tr key={day} className={i + 1 === today.dow ? 'font-semibold' : undefined}>
              <th scope="row" className="pr-4 text-left font-normal">
                {day}
              </th>
              <td>{describeDay(hours.weekly[i] ?? [])}</td>
            </tr>
          ))}
          {exceptions.map((e) => (
            <tr key={e.date}>
              <th scope="row" className="pr-4 text-left font-normal">
                {dateLabel(e.date)}
              </th>
              <td>{describeDay(e.hours)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-1 text-xs text-slate-600">Times are the place’s own ({place.time_zone.replaceAll('_', ' ')}).</p>
    </details>
  );
}

/** Hours, phone (tap to call), website, price level and "Directions" to the place. */
export function PlaceBasics({ place }: { place: Place }) {
  const now = useMinute();
  const [platform] = useState(() =>
    typeof navigator === 'undefined' ? 'other' : mapsPlatform(navigator.userAgent, navigator.maxTouchPoints),
  );
  const website = place.website ? safeUrl(place.website) : null;
  const price = place.price_level ? priceLabel(place.price_level, place.time_zone) : null;
  return (
    <div className="space-y-2">
      <Hours place={place} now={now} />
      {place.phone || website || price ? (
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          {place.phone ? (
            <a
              href={`tel:${place.phone.replace(/[^0-9+]/g, '')}`}
              className="inline-flex min-h-6 items-center gap-1.5 text-brand-700 underline"
            >
              <Phone aria-hidden="true" className="size-4" />
              <span className="sr-only">Call </span>
              {place.phone}
            </a>
          ) : null}
          {website ? (
            <a
              href={website.href}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex min-h-6 items-center gap-1.5 text-brand-700 underline"
            >
              <Globe aria-hidden="true" className="size-4" />
              {website.host}
              <span className="sr-only"> (website, opens in a new tab)</span>
            </a>
          ) : null}
          {price ? (
            <span className="text-slate-700">
              <span aria-hidden="true">{price.symbols}</span>
              <span className="sr-only">Price: </span> <span>{price.words}</span>
            </span>
          ) : null}
        </p>
      ) : null}
      <a
        href={directionsUrl(place, platform)}
        target={platform === 'android' ? undefined : '_blank'}
        rel="noopener noreferrer"
        className={buttonVariants({ variant: 'secondary', className: 'min-h-9' })}
      >
        <Navigation aria-hidden="true" className="size-4" /> Directions
      </a>
    </div>
  );
}

/** An http(s) URL and its host, or null: a stored website is shown only as a web link. */
function safeUrl(value: string): { href: string; host: string } | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? { href: url.href, host: url.host.replace(/^www\./, '') } : null;
  } catch {
    return null;
  }
}
