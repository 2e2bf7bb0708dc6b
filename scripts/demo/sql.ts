/** SQL text for the generated seed: literals, moments and values lists. */

/** A string literal ('' for each quote); null stays null. */
export function literal(value: string | null): string {
  return value === null ? 'null' : `'${value.replaceAll("'", "''")}'`;
}

/** `now() - interval '12 days 05:07'`: a moment minutes before the seed runs, as people read it. */
export function ago(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const rest = minutes - days * 1440;
  const hh = String(Math.floor(rest / 60)).padStart(2, '0');
  const mm = String(rest % 60).padStart(2, '0');
  return `now() - interval '${days} days ${hh}:${mm}'`;
}

/** The calendar day (in the database's time zone) of a moment minutes before now. */
export function dayOf(minutes: number): string {
  return `(${ago(minutes)})::date`;
}

/** `values` rows, one a line, each a list of SQL expressions. */
export function rows(values: string[][]): string {
  return values.map((row) => `  (${row.join(', ')})`).join(',\n');
}
