import type { Username } from './members.ts';
import type { PlaceName } from './places.ts';

/** One demo review, as its member wrote it. */
export interface DemoReview {
  by: Username;
  place: PlaceName;
  stars: 1 | 2 | 3 | 4 | 5;
  /** When it was posted: days before the seed runs (the hour comes from a hash). */
  daysAgo: number;
  /** Paragraphs, joined by a blank line. */
  text: string;
  /** Days ago of the visit; by default a few days before the review. null: not given. */
  visitedDaysAgo?: number | null;
  /** Days ago of a later edit, shown as "(edited)". */
  editedDaysAgo?: number;
}

export function review(
  by: Username,
  place: PlaceName,
  stars: DemoReview['stars'],
  daysAgo: number,
  text: string | string[],
  options: Pick<DemoReview, 'visitedDaysAgo' | 'editedDaysAgo'> = {},
): DemoReview {
  return { by, place, stars, daysAgo, text: Array.isArray(text) ? text.join('\n\n') : text, ...options };
}
