/**
 * Helpful votes, decided from the community rather than listed one by one: a review gets more
 * votes the more it says (longer, or a warning in a low rating), and its voters are more often
 * people who follow its author or know its city. Who votes and when comes from stable hashes,
 * so every fresh database gets the same counts. Nobody votes for their own review, before they
 * joined, or in the hour the review appeared; the newest reviews have had little time for votes.
 */
import type { DemoFollow } from './community.ts';
import type { DemoMember } from './members.ts';
import type { DemoReview } from './review.ts';
import { unit } from './timeline.ts';

export interface DemoVote {
  voter: string;
  review: DemoReview;
  /** Minutes before the seed runs. */
  minutesAgo: number;
}

export function helpfulVotes(
  reviews: { review: DemoReview; minutesAgo: number; city: string }[],
  members: readonly DemoMember[],
  follows: DemoFollow[],
): DemoVote[] {
  const follows_ = new Set(follows.map((f) => `${f.from}>${f.to}`));
  const reviewedPlace = new Set(reviews.map(({ review }) => `${review.by}@${review.place}`));
  const votes: DemoVote[] = [];
  for (const { review, minutesAgo, city } of reviews) {
    const key = `${review.by}@${review.place}`;
    const ageDays = minutesAgo / 1440;
    // most reviews get a vote or two; the long ones and the warnings collect more
    const said = (review.text.length / 210) ** 1.5 + (review.stars <= 2 ? 1 : 0);
    const wanted = Math.min(Math.round(said * (0.3 + 2 * unit(`votes:${key}`) ** 2)), 9, Math.floor(ageDays / 1.5));
    if (wanted <= 0) continue;
    const candidates = members
      .filter((m) => m.username !== review.by && m.username !== 'deals4u' && m.joinedDaysAgo * 1440 > minutesAgo)
      .map((m) => {
        let weight = 1;
        if (follows_.has(`${m.username}>${review.by}`)) weight += 3;
        if (m.home === city || (m.username === 'felix' && city === 'Berlin')) weight += 2;
        if (reviewedPlace.has(`${m.username}@${review.place}`)) weight += 1;
        return { member: m, score: weight * (0.35 + unit(`voter:${key}:${m.username}`)) };
      })
      .sort((a, b) => b.score - a.score)
      .slice(0, wanted);
    for (const { member } of candidates) {
      // within a few weeks of the review for most, later for a few, never in its first hour
      const delay = Math.min(minutesAgo - 30, 60 + unit(`when:${key}:${member.username}`) ** 2 * 40 * 1440);
      votes.push({ voter: member.username, review, minutesAgo: Math.round(minutesAgo - delay) });
    }
  }
  return votes.sort((a, b) => b.minutesAgo - a.minutesAgo);
}
