import { sortNames } from './sort-names.ts';

/** What the services read of a request's headers: the Fetch `Headers` API's reading half. */
export interface HeaderReader {
  /** The value, repeated headers joined with ", " (cookies with "; "); null when absent. */
  get(name: string): string | null;
  has(name: string): boolean;
  /** Every header in name order, as `Headers.forEach` visits them. */
  forEach(visit: (value: string, name: string) => void): void;
}

function isHttpWhitespace(code: number): boolean {
  return code === 9 || code === 10 || code === 13 || code === 32;
}

/** A value without leading and trailing HTTP whitespace (Fetch's header value normalization). */
function normalized(value: string): string {
  if (value === '' || (!isHttpWhitespace(value.charCodeAt(0)) && !isHttpWhitespace(value.charCodeAt(value.length - 1)))) return value;
  let start = 0;
  let end = value.length;
  while (start < end && isHttpWhitespace(value.charCodeAt(start))) start++;
  while (end > start && isHttpWhitespace(value.charCodeAt(end - 1))) end--;
  return value.slice(start, end);
}

/**
 * A request's headers read as a Fetch `Headers` built from them would read them (names lower
 * case, repeated headers joined with ", " and cookies with "; ", values trimmed, `set-cookie` kept apart), from Node's
 * `rawHeaders` in one pass — without building the `Headers` object itself, or Node's
 * `incoming.headers` (which keeps only the first of a repeated `Authorization`, for one).
 */
export class RequestHeaders implements HeaderReader {
  readonly #values = new Map<string, string>();
  #setCookies: string[] | null = null;

  constructor(rawHeaders: readonly string[]) {
    for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
      const name = (rawHeaders[i] as string).toLowerCase();
      const value = normalized(rawHeaders[i + 1] as string);
      if (name === 'set-cookie') {
        (this.#setCookies ??= []).push(value);
        continue;
      }
      const prior = this.#values.get(name);
      this.#values.set(name, prior === undefined ? value : `${prior}${name === 'cookie' ? '; ' : ', '}${value}`);
    }
  }

  get(name: string): string | null {
    const value = this.#values.get(name) ?? this.#values.get(name.toLowerCase());
    if (value !== undefined) return value;
    if (this.#setCookies && name.toLowerCase() === 'set-cookie') return this.#setCookies.join(', ');
    return null;
  }

  has(name: string): boolean {
    return this.get(name) !== null;
  }

  forEach(visit: (value: string, name: string) => void): void {
    const names = [...this.#values.keys()];
    if (this.#setCookies) names.push('set-cookie');
    sortNames(names);
    for (const name of names) {
      if (name === 'set-cookie' && this.#setCookies) for (const value of this.#setCookies) visit(value, name);
      else visit(this.#values.get(name) as string, name);
    }
  }
}
