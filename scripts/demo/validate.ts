/**
 * What must hold of the demo data before it becomes seed.sql: things happen after the people
 * and places they involve exist, in order, within the database's limits, and the reviews keep
 * to the phrase rules (phrases.ts). Returns every problem found, in words.
 */
import { replyMinutes } from './community-sql.ts';
import { demoFollows, demoLists, demoReplies, spamReply, spamReview } from './community.ts';
import type { TimedReview } from './core-sql.ts';
import { demoMembers } from './members.ts';
import { repeatedPhrases } from './phrases.ts';
import { demoPlaces } from './places.ts';
import { minutesAgo } from './timeline.ts';

const joined = new Map(demoMembers.map((m) => [m.username as string, minutesAgo(m.joinedDaysAgo, `joined:${m.username}`)]));
const added = new Map(demoPlaces.map((p) => [p.name as string, minutesAgo(p.addedDaysAgo, `place:${p.name}`)]));

export function problemsOf(reviews: TimedReview[], photos: { place: string; by: string }[]): string[] {
  const problems: string[] = [];
  const byKey = new Map<string, TimedReview>();
  for (const timed of reviews) {
    const { review: r, minutesAgo: at } = timed;
    const key = `${r.by} on ${r.place}`;
    if (byKey.has(key)) problems.push(`${key}: two reviews`);
    byKey.set(key, timed);
    if (!(at < (joined.get(r.by) ?? 0) - 60)) problems.push(`${key}: written before ${r.by} joined`);
    if (!(at < (added.get(r.place) ?? 0) - 60)) problems.push(`${key}: written before the place was added`);
    const length = r.text.trim().length;
    if (length < 20 || length > 2000) problems.push(`${key}: ${length} characters (20–2000)`);
    if (r.visitedDaysAgo != null && r.visitedDaysAgo < r.daysAgo) problems.push(`${key}: visited after reviewing`);
  }
  problems.push(...repeatedPhrases(reviews.map(({ review: r }) => ({ label: `${r.by} on ${r.place}`, text: r.text }))));
  if (reviews.length < 200) problems.push(`${reviews.length} reviews (at least 200)`);
  for (const place of demoPlaces) {
    const n = reviews.filter(({ review }) => review.place === place.name).length;
    if (n < 2) problems.push(`${place.name}: ${n} review(s) (at least 2)`);
  }
  const threads = new Map<string, number>();
  for (const reply of [...demoReplies, { ...spamReply, by: 'deals4u' }]) {
    const on = byKey.get(`${reply.on[0]} on ${reply.on[1]}`);
    const at = replyMinutes(reply);
    const label = `${reply.by}'s reply on ${reply.on.join(' on ')}`;
    if (!on) problems.push(`${label}: no such review`);
    else if (!(at < on.minutesAgo - 5)) problems.push(`${label}: before the review`);
    if (!(at < (joined.get(reply.by) ?? 0))) problems.push(`${label}: before ${reply.by} joined`);
    const previous = threads.get(reply.on.join('@'));
    if (previous !== undefined && !(at < previous)) problems.push(`${label}: out of order in its thread`);
    threads.set(reply.on.join('@'), at);
  }
  const follows = new Set<string>();
  for (const f of demoFollows) {
    const at = minutesAgo(f.daysAgo, `follow:${f.from}>${f.to}`, f.daysAgo < 10 ? 1 : 6);
    if (f.from === f.to || follows.has(`${f.from}>${f.to}`)) problems.push(`${f.from} follows ${f.to} twice or themselves`);
    follows.add(`${f.from}>${f.to}`);
    if (!(at < (joined.get(f.from) ?? 0) && at < (joined.get(f.to) ?? 0))) problems.push(`${f.from} follows ${f.to} before both joined`);
  }
  for (const list of demoLists) {
    const places = new Set<string>();
    for (const p of list.places) {
      if (places.has(p.place)) problems.push(`${list.name}: ${p.place} twice`);
      places.add(p.place);
      if ((p.daysAgo ?? list.daysAgo) > list.daysAgo) problems.push(`${list.name}: ${p.place} added before the list was made`);
    }
    for (const f of list.followers ?? []) {
      if (f.daysAgo > list.daysAgo) problems.push(`${list.name}: followed by ${f.user} before it existed`);
      if (list.visibility === 'private') problems.push(`${list.name}: private lists cannot be followed`);
    }
  }
  for (const photo of photos) {
    if (!byKey.has(`${photo.by} on ${photo.place}`)) problems.push(`photo of ${photo.place}: ${photo.by} did not review it`);
  }
  const spamAt = minutesAgo(spamReview.daysAgo, 'spam review');
  if (!(spamAt < (joined.get('deals4u') ?? 0))) problems.push('the spam review predates its account');
  return problems;
}
