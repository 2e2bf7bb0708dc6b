import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatFullDateTime, formatJoined, formatRelativeDate, formatShortDate, formatVisited } from '../../web/src/lib/dates.ts';

// docs/product.md "Dates": relative under 7 days, else "Mar 3, 2026"; "Visited March 2026";
// "Joined March 2026"; the full date and time for tooltips. Local-time formatting, so the
// inputs are local dates.
describe('dates', () => {
  const now = new Date(2026, 2, 10, 12, 0, 0);

  test('relative under 7 days, a short date after', () => {
    assert.equal(formatRelativeDate(new Date(2026, 2, 10, 11, 59, 30), now), 'just now');
    assert.equal(formatRelativeDate(new Date(2026, 2, 10, 9, 0, 0), now), '3 hours ago');
    assert.equal(formatRelativeDate(new Date(2026, 2, 7, 12, 0, 0), now), '3 days ago');
    assert.equal(formatRelativeDate(new Date(2026, 2, 3, 13, 0, 0), now), '6 days ago');
    assert.equal(formatRelativeDate(new Date(2026, 2, 3, 12, 0, 0), now), 'Mar 3, 2026');
    assert.equal(formatRelativeDate('not a date', now), '');
  });

  test('calendar phrases', () => {
    assert.equal(formatShortDate(new Date(2026, 2, 3)), 'Mar 3, 2026');
    assert.equal(formatVisited('2026-03-01'), 'Visited March 2026', 'a bare date is a calendar day, whatever the time zone');
    assert.equal(formatJoined(new Date(2026, 2, 31, 23, 0)), 'Joined March 2026');
    assert.equal(formatFullDateTime(new Date(2026, 2, 3, 14, 5)), 'Tuesday, March 3, 2026 at 2:05 PM');
  });
});
