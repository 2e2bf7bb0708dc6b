import { z } from 'zod';

/**
 * Opening hours as `places.opening_hours` holds them (supabase/migrations/…_place_basics.sql):
 * seven days Monday first, each up to 4 ranges ["09:00", "22:00"] in the place's own time zone
 * (a close at or before the opening is the next day's), and dated exceptions that replace the
 * weekly hours starting on their date. The same rules as SQL, and the same answer to "open now"
 * (tests/data/place-basics.test.ts compares the two).
 */
export type TimeRange = [opens: string, closes: string];
export interface HoursException {
  date: string;
  hours: TimeRange[];
}
export interface OpeningHours {
  weekly: TimeRange[][];
  exceptions?: HoursException[];
}

export const hoursLimits = { rangesPerDay: 4, exceptions: 30 } as const;
export const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const hoursMessages = {
  time: 'Use a time from 00:00 to 24:00.',
  same: 'Opening and closing times must differ.',
  overlap: 'The hours of one day must not overlap.',
  ranges: `A day has at most ${hoursLimits.rangesPerDay} ranges of hours.`,
  exceptions: `At most ${hoursLimits.exceptions} dates with special hours.`,
  date: 'Choose a valid date.',
  duplicate: 'Each date has special hours once.',
} as const;

export const minuteOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A day's ranges as minutes from its midnight; a range past midnight ends after 1440. */
export function rangeMinutes([opens, closes]: TimeRange): [number, number] {
  const o = minuteOf(opens);
  const c = minuteOf(closes);
  return [o, c <= o ? c + 1440 : c];
}

const opensAt = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, hoursMessages.time);
const closesAt = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, hoursMessages.time);
const range = z.tuple([opensAt, closesAt]).refine(([o, c]) => minuteOf(o) !== minuteOf(c), hoursMessages.same);
const dayRanges = z
  .array(range)
  .max(hoursLimits.rangesPerDay, hoursMessages.ranges)
  .refine((ranges) => {
    const spans = ranges.map(rangeMinutes).sort((a, b) => a[0] - b[0]);
    return spans.every((span, i) => i === 0 || (spans[i - 1]?.[1] ?? 0) <= span[0]);
  }, hoursMessages.overlap);
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, hoursMessages.date)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), hoursMessages.date);

export const openingHoursSchema = z.object({
  weekly: z.array(dayRanges).length(7),
  exceptions: z
    .array(z.object({ date: isoDate, hours: dayRanges }))
    .max(hoursLimits.exceptions, hoursMessages.exceptions)
    .refine((list) => new Set(list.map((e) => e.date)).size === list.length, hoursMessages.duplicate)
    .optional(),
});

interface LocalNow {
  date: string;
  /** 1 = Monday … 7 = Sunday */
  dow: number;
  minute: number;
}

/** The wall-clock date, weekday and minute of `at` in `timeZone`. */
export function localNow(at: Date, timeZone: string): LocalNow {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return { date, dow: dowOf(date), minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

const dowOf = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The ranges that start on a date: its exception's, else its weekday's. */
function rangesOn(hours: OpeningHours, date: string): TimeRange[] {
  const exception = hours.exceptions?.find((e) => e.date === date);
  return exception ? exception.hours : (hours.weekly[dowOf(date) - 1] ?? []);
}

/** Opening intervals from yesterday to a week ahead, in minutes from today's local midnight, merged. */
function intervals(hours: OpeningHours, today: string): [number, number][] {
  const spans: [number, number][] = [];
  for (let k = -1; k <= 7; k += 1) {
    for (const r of rangesOn(hours, addDays(today, k))) {
      const [o, c] = rangeMinutes(r);
      spans.push([o + k * 1440, c + k * 1440]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([...span]);
  }
  return merged;
}

/** "9:00", "22:00", "00:30". */
export function formatTime(minute: number): string {
  const m = ((minute % 1440) + 1440) % 1440;
  const h = Math.floor(m / 60);
  return `${h === 0 ? '00' : h}:${String(m % 60).padStart(2, '0')}`;
}

export interface OpenStatus {
  open: boolean;
  /** "Open now", "Open 24 hours", "Closed" */
  label: string;
  /** "closes 22:00", "Opens at 9:00 tomorrow", "Opens Monday at 9:00", or null */
  detail: string | null;
}

/** Whether the place is open at `at`, and when that changes, in its own time zone. */
export function openStatus(hours: OpeningHours, timeZone: string, at: Date = new Date()): OpenStatus {
  const now = localNow(at, timeZone);
  const spans = intervals(hours, now.date);
  const current = spans.find(([o, c]) => o <= now.minute && now.minute < c);
  if (current) {
    if (current[1] - now.minute >= 7 * 1440) return { open: true, label: 'Open 24 hours', detail: null };
    const day = Math.floor((current[1] - 1) / 1440);
    const when =
      current[1] - now.minute > 1440 ? `${weekdays[dowOf(addDays(now.date, day)) - 1]} ${formatTime(current[1])}` : formatTime(current[1]);
    return { open: true, label: 'Open now', detail: `closes ${when}` };
  }
  const next = spans.find(([o]) => o > now.minute);
  if (!next) return { open: false, label: 'Closed', detail: null };
  const day = Math.floor(next[0] / 1440);
  const time = formatTime(next[0]);
  const detail =
    day === 0
      ? `Opens at ${time}`
      : day === 1
        ? `Opens at ${time} tomorrow`
        : `Opens ${weekdays[dowOf(addDays(now.date, day)) - 1]} at ${time}`;
  return { open: false, label: 'Closed', detail };
}

/** A day's hours in words: "9:00–22:00", "18:00–02:00", "Closed", "Open 24 hours". */
export function describeDay(ranges: TimeRange[]): string {
  if (ranges.length === 0) return 'Closed';
  if (ranges.length === 1 && ranges[0]?.[0] === '00:00' && ranges[0][1] === '24:00') return 'Open 24 hours';
  return ranges.map((r) => `${formatTime(minuteOf(r[0]))}–${r[1] === '24:00' ? '24:00' : formatTime(minuteOf(r[1]))}`).join(', ');
}

/** The exceptions from `today` on, soonest first. */
export function upcomingExceptions(hours: OpeningHours, today: string): HoursException[] {
  return (hours.exceptions ?? []).filter((e) => e.date >= today).sort((a, b) => a.date.localeCompare(b.date));
}

/** Reads an `opening_hours` value from the database, or null when it is not hours. */
export function asOpeningHours(value: unknown): OpeningHours | null {
  const parsed = openingHoursSchema.safeParse(value);
  return parsed.success ? (parsed.data as OpeningHours) : null;
}
