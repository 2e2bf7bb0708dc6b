import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { hoursLimits, weekdays, type OpeningHours, type TimeRange } from '@/lib/opening-hours';

const allDay: TimeRange = ['00:00', '24:00'];
const isAllDay = (ranges: TimeRange[]) => ranges.length === 1 && ranges[0]?.[0] === '00:00' && ranges[0][1] === '24:00';
const emptyWeek = (): OpeningHours => ({ weekly: weekdays.map(() => [['09:00', '18:00'] as TimeRange]), exceptions: [] });

/**
 * One day's ranges: two time inputs each ("closes" at or before "opens" is past midnight), add
 * and remove, "Open 24 hours", and nothing at all for a closed day.
 */
function DayRanges({ label, ranges, onChange }: { label: string; ranges: TimeRange[]; onChange: (ranges: TimeRange[]) => void }) {
  const set = (i: number, which: 0 | 1, value: string) =>
    onChange(ranges.map((r, k): TimeRange => (k === i ? (which === 0 ? [value, r[1]] : [r[0], value]) : r)));
  const twentyFour = isAllDay(ranges);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {ranges.length === 0 ? <span className="text-sm text-slate-600">Closed</span> : null}
      {twentyFour ? <span className="text-sm text-slate-800">Open 24 hours</span> : null}
      {twentyFour
        ? null
        : ranges.map((range, i) => (
            <span key={i} className="inline-flex items-center gap-1">
              <Input
                type="time"
                aria-label={`${label} opens${ranges.length > 1 ? ` (${i + 1})` : ''}`}
                className="w-28"
                value={range[0]}
                onChange={(e) => set(i, 0, e.target.value)}
              />
              <span aria-hidden="true">–</span>
              <Input
                type="time"
                aria-label={`${label} closes${ranges.length > 1 ? ` (${i + 1})` : ''}`}
                className="w-28"
                value={range[1] === '24:00' ? '00:00' : range[1]}
                onChange={(e) => set(i, 1, e.target.value)}
              />
              <Button
                variant="ghost"
                size="sm"
                className="min-h-9"
                aria-label={`Remove ${label} ${range[0]}–${range[1]}`}
                onClick={() => onChange(ranges.filter((_, k) => k !== i))}
              >
                <X aria-hidden="true" className="size-4" />
              </Button>
            </span>
          ))}
      {!twentyFour && ranges.length < hoursLimits.rangesPerDay ? (
        <Button
          variant="ghost"
          size="sm"
          className="min-h-9"
          onClick={() => onChange([...ranges, ranges.length ? ['14:00', '18:00'] : ['09:00', '18:00']])}
        >
          <Plus aria-hidden="true" className="size-4" /> {ranges.length ? 'More hours' : 'Open'}
        </Button>
      ) : null}
      <label className="inline-flex min-h-9 items-center gap-1.5 text-sm">
        <input type="checkbox" checked={twentyFour} onChange={(e) => onChange(e.target.checked ? [allDay] : [['09:00', '18:00']])} />
        24 hours
      </label>
    </div>
  );
}

/**
 * Opening hours in the place's own time zone (decision 320): the week, Monday first, and dates
 * with other hours (holidays). `null` is "hours not known".
 */
export function HoursEditor({
  value,
  onChange,
  error,
  timeZone,
}: {
  value: OpeningHours | null;
  onChange: (hours: OpeningHours | null) => void;
  error?: string | undefined;
  timeZone: string;
}) {
  const id = useId();
  const hours = value;
  const exceptions = hours?.exceptions ?? [];
  const setDay = (day: number, ranges: TimeRange[]) =>
    hours && onChange({ ...hours, weekly: hours.weekly.map((r, i) => (i === day ? ranges : r)) });
  const setExceptions = (next: typeof exceptions) => hours && onChange({ ...hours, exceptions: next });
  return (
    <fieldset className="space-y-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-900">Opening hours</legend>
      <label className="flex min-h-6 items-center gap-2 text-sm">
        <input type="checkbox" checked={hours !== null} onChange={(e) => onChange(e.target.checked ? emptyWeek() : null)} />I know the
        opening hours
      </label>
      {hours ? (
        <>
          <p className="text-sm text-slate-600">
            In the place’s own time ({timeZone || 'set by the pin'}). A closing time at or before the opening is the next day’s.
          </p>
          <ul className="space-y-2">
            {weekdays.map((day, i) => (
              <li key={day} className="grid gap-1 sm:grid-cols-[7rem_1fr] sm:items-center">
                <span className="text-sm font-medium">{day}</span>
                <DayRanges label={day} ranges={hours.weekly[i] ?? []} onChange={(ranges) => setDay(i, ranges)} />
              </li>
            ))}
          </ul>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange({ ...hours, weekly: hours.weekly.map(() => [...(hours.weekly[0] ?? [])]) })}
          >
            Same hours as Monday every day
          </Button>
          <div className="space-y-2">
            <p className="text-sm font-medium">Dates with other hours (holidays)</p>
            {exceptions.length === 0 ? <p className="text-sm text-slate-600">None.</p> : null}
            <ul className="space-y-2">
              {exceptions.map((exception, i) => (
                <li key={i} className="flex flex-wrap items-center gap-2">
                  <Input
                    type="date"
                    aria-label={`Date ${i + 1}`}
                    className="w-40"
                    value={exception.date}
                    onChange={(e) => setExceptions(exceptions.map((x, k) => (k === i ? { ...x, date: e.target.value } : x)))}
                  />
                  <DayRanges
                    label={exception.date || `Date ${i + 1}`}
                    ranges={exception.hours}
                    onChange={(ranges) => setExceptions(exceptions.map((x, k) => (k === i ? { ...x, hours: ranges } : x)))}
                  />
                  <Button variant="ghost" size="sm" className="min-h-9" onClick={() => setExceptions(exceptions.filter((_, k) => k !== i))}>
                    Remove date
                  </Button>
                </li>
              ))}
            </ul>
            {exceptions.length < hoursLimits.exceptions ? (
              <Button variant="secondary" size="sm" onClick={() => setExceptions([...exceptions, { date: '', hours: [] }])}>
                <Plus aria-hidden="true" className="size-4" /> Add a date
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
