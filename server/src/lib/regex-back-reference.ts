/**
 * A back-reference (`\1`–`\9`, and longer numbers) in a PostgreSQL regular expression: a
 * backslash that is not itself escaped, followed by a non-zero digit. Also true inside
 * brackets or after `***=`, where it would be literal: refusing those too costs nothing.
 */
export function hasBackReference(pattern: string): boolean {
  for (let i = 0; i < pattern.length - 1; i++) {
    if (pattern[i] !== '\\') continue;
    const next = pattern[i + 1] ?? '';
    if (next >= '1' && next <= '9') return true;
    i++; // the escaped character is not the start of another escape
  }
  return false;
}
