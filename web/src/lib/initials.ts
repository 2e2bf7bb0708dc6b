/**
 * Up to two initials for an avatar without a picture: the first letter of the first two words,
 * counting letters only ("Mina (moderator)" → "MM", "jo_bloggs" → "JB", "Émile" → "É"), so
 * brackets, digits and emoji never show up as an initial. "?" when the name has no letter.
 */
export function initialsOf(name: string): string {
  const words = name.match(/\p{L}[\p{L}\p{M}]*/gu) ?? [];
  const initials = words
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('');
  return initials ? initials.toLocaleUpperCase('en-US') : '?';
}
