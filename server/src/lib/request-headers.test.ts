import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { RequestHeaders } from './request-headers.ts';

interface HeaderReader {
  forEach(callback: (value: string, name: string) => void): void;
  get(name: string): string | null;
}

/** Everything a reader of `raw` answers: its entries in order, and get() for each name sent and one absent. */
function reading(headers: HeaderReader, raw: string[]): { entries: Array<[string, string]>; get: Record<string, string | null> } {
  const entries: Array<[string, string]> = [];
  headers.forEach((value, name) => entries.push([name, value]));
  const get: Record<string, string | null> = {};
  for (let i = 0; i < raw.length; i += 2) get[(raw[i] as string).toLowerCase()] = headers.get(raw[i] as string);
  get.absent = headers.get('absent');
  return { entries, get };
}

/** A Fetch `Headers` built from the same raw list, as @hono/node-server builds it. */
function fetchHeaders(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  return headers;
}

describe("a request's headers read from Node's raw list", () => {
  const cases: Record<string, string[]> = {
    'one of each, mixed case': ['Host', 'localhost:54321', 'ApiKey', 'k', 'Accept', 'application/json', 'Prefer', 'count=exact'],
    'repeated headers, Authorization among them (Node keeps only its first)': [
      'Authorization',
      'Bearer a',
      'accept',
      'text/csv',
      'authorization',
      'Bearer b',
      'Accept',
      'application/json',
    ],
    'values with surrounding whitespace, and an empty one': ['x-a', '  padded\t', 'x-b', '', 'x-c', 'inner  space'],
    'cookies and set-cookie sent twice': ['Cookie', 'a=1', 'cookie', 'b=2', 'Set-Cookie', 'x=1', 'set-cookie', 'y=2'],
    'names given out of order': ['zeta', '1', 'Alpha', '2', 'mid', '3', 'alpha', '4'],
  };
  for (const [name, raw] of Object.entries(cases)) {
    test(`reads as a Fetch Headers would: ${name}`, () => {
      assert.deepEqual(reading(new RequestHeaders(raw), raw), reading(fetchHeaders(raw), raw));
    });
  }

  test('has() answers for present, empty and absent headers', () => {
    const headers = new RequestHeaders(['X-Empty', '', 'Origin', 'https://example.com']);
    assert.deepEqual(
      ['x-empty', 'origin', 'Origin', 'absent'].map((n) => headers.has(n)),
      [true, true, true, false],
    );
  });
});
