/** Quotes an identifier the way `quote_ident` does, always (PostgREST pgFmtIdent). */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

/** Collects bound values: every value in generated SQL is `$n`, never text. */
export class Params {
  readonly values: unknown[] = [];

  bind(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A PostgreSQL array literal for a list bound as one parameter (`{"a","b"}`). */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}
