/**
 * Sorts a few strings in place by code unit, as `Array.prototype.sort()` does, without the
 * work array V8's sort allocates: for the handful of names every request sorts (its headers,
 * a metric's labels), where a sort's garbage is most of the work.
 */
export function sortNames(names: string[]): string[] {
  for (let i = 1; i < names.length; i++) {
    const name = names[i] as string;
    let j = i - 1;
    for (; j >= 0 && (names[j] as string) > name; j--) names[j + 1] = names[j] as string;
    names[j + 1] = name;
  }
  return names;
}
