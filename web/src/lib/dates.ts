// One module per function: the package's index loads all of date-fns and its locale index every
// locale, about 4 s of module loading wherever modules are not bundled (the web tier's tests).
import { format } from 'date-fns/format';
import { formatDistanceStrict } from 'date-fns/formatDistanceStrict';
import { isValid } from 'date-fns/isValid';
import { enUS } from 'date-fns/locale/en-US';
import { parseISO } from 'date-fns/parseISO';

/**
 * The one place dates become words (docs/product.md "Dates"): English, date-fns `en-US`.
 * Accepts ISO strings from the database, `Date`s and epoch milliseconds.
 */
type DateInput = string | number | Date;

function toDate(input: DateInput): Date {
  if (input instanceof Date) return input;
  if (typeof input === 'number') return new Date(input);
  // A bare date ("2026-03-03") is a calendar day, not UTC midnight.
  return /^\d{4}-\d{2}-\d{2}$/.test(input) ? parseISO(input) : new Date(input);
}

/** "3 days ago" under 7 days, otherwise "Mar 3, 2026". */
export function formatRelativeDate(input: DateInput, now: Date = new Date()): string {
  const date = toDate(input);
  if (!isValid(date)) return '';
  const elapsed = Math.abs(now.getTime() - date.getTime());
  if (elapsed < 60_000) return 'just now';
  if (elapsed < 7 * 86_400_000) return formatDistanceStrict(date, now, { addSuffix: true, locale: enUS, roundingMethod: 'floor' });
  return format(date, 'MMM d, yyyy', { locale: enUS });
}

/** "Mar 3, 2026". */
export function formatShortDate(input: DateInput): string {
  const date = toDate(input);
  return isValid(date) ? format(date, 'MMM d, yyyy', { locale: enUS }) : '';
}

/** "Visited March 2026". */
export function formatVisited(input: DateInput): string {
  const date = toDate(input);
  return isValid(date) ? `Visited ${format(date, 'MMMM yyyy', { locale: enUS })}` : '';
}

/** "Joined March 2026". */
export function formatJoined(input: DateInput): string {
  const date = toDate(input);
  return isValid(date) ? `Joined ${format(date, 'MMMM yyyy', { locale: enUS })}` : '';
}

/** Full date and time for tooltips and `title`: "Tuesday, March 3, 2026 at 2:05 PM". */
export function formatFullDateTime(input: DateInput): string {
  const date = toDate(input);
  return isValid(date) ? format(date, "EEEE, MMMM d, yyyy 'at' h:mm a", { locale: enUS }) : '';
}

/** ISO string for `<time dateTime>`. */
export function toIsoString(input: DateInput): string {
  const date = toDate(input);
  return isValid(date) ? date.toISOString() : '';
}
