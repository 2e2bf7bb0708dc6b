/**
 * A timestamptz as storage-api sends it: its driver turns timestamps into JS Dates, so every
 * time in a JSON answer is `Date.toISOString()` — UTC, milliseconds, `Z`
 * (`2021-02-17T04:43:32.770Z`), never PostgreSQL's `+00:00` form.
 */
export function isoTime(expression: string): string {
  return `to_char((${expression}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
