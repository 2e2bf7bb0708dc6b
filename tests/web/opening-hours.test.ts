import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  describeDay,
  localNow,
  openingHoursSchema,
  openStatus,
  type OpeningHours,
  type TimeRange,
} from '../../web/src/lib/opening-hours.ts';

const every = (ranges: TimeRange[]): TimeRange[][] => Array.from({ length: 7 }, () => ranges);
const status = (hours: OpeningHours, zone: string, iso: string) => {
  const s = openStatus(hours, zone, new Date(iso));
  return s.detail ? `${s.label} · ${s.detail}` : s.label;
};

// What a place page says about a place's hours, computed in the place's own time zone
// whatever the zone of the device reading it.
describe('opening hours', () => {
  const eiffel: OpeningHours = { weekly: every([['09:30', '23:45']]) };

  test('open, closing later today; closed, opening tomorrow — in the place’s zone', () => {
    // 20:00 UTC is 21:00 in Paris (CET) and 15:00 in New York
    assert.equal(status(eiffel, 'Europe/Paris', '2026-11-30T20:00:00Z'), 'Open now · closes 23:45');
    assert.equal(status(eiffel, 'Europe/Paris', '2026-11-30T22:50:00Z'), 'Closed · Opens at 9:30 tomorrow');
    assert.equal(status(eiffel, 'Europe/Paris', '2026-11-30T06:00:00Z'), 'Closed · Opens at 9:30');
    assert.equal(status(eiffel, 'America/New_York', '2026-11-30T20:00:00Z'), 'Open now · closes 23:45');
  });

  test('a range past midnight counts on the next day, and the one that starts that evening after it closes', () => {
    const bar: OpeningHours = { weekly: [[], [], [], [], [['18:00', '02:00']], [['18:00', '02:00']], []] };
    // Saturday 01:00 in Berlin (CET, UTC+1): Friday's evening still runs
    assert.equal(status(bar, 'Europe/Berlin', '2026-12-05T00:00:00Z'), 'Open now · closes 2:00');
    // Saturday 03:00: closed until Saturday's own evening
    assert.equal(status(bar, 'Europe/Berlin', '2026-12-05T02:00:00Z'), 'Closed · Opens at 18:00');
    // Sunday 01:30: Saturday's evening; then nothing until Friday
    assert.equal(status(bar, 'Europe/Berlin', '2026-12-06T00:30:00Z'), 'Open now · closes 2:00');
    assert.equal(status(bar, 'Europe/Berlin', '2026-12-06T02:30:00Z'), 'Closed · Opens Friday at 18:00');
    // Thursday 23:00: tomorrow
    assert.equal(status(bar, 'Europe/Berlin', '2026-12-03T22:00:00Z'), 'Closed · Opens at 18:00 tomorrow');
  });

  test('daylight saving time: wall-clock hours hold on both sides of each change', () => {
    const late: OpeningHours = { weekly: every([['20:00', '03:00']]) };
    // Paris falls back on 25 October 2026 at 03:00 CEST → 02:00 CET: 02:30 happens twice
    assert.deepEqual(localNow(new Date('2026-10-25T00:30:00Z'), 'Europe/Paris').minute, 150);
    assert.deepEqual(localNow(new Date('2026-10-25T01:30:00Z'), 'Europe/Paris').minute, 150);
    assert.equal(status(late, 'Europe/Paris', '2026-10-25T00:30:00Z'), 'Open now · closes 3:00');
    assert.equal(status(late, 'Europe/Paris', '2026-10-25T01:30:00Z'), 'Open now · closes 3:00');
    // 03:00 CET is 02:00 UTC: closed
    assert.equal(status(late, 'Europe/Paris', '2026-10-25T02:00:00Z'), 'Closed · Opens at 20:00');
    // New York springs forward on 8 March 2026 at 02:00 EST → 03:00 EDT: 06:59 UTC is 01:59
    // EST, 07:00 UTC is 03:00 EDT
    assert.equal(localNow(new Date('2026-03-08T06:59:00Z'), 'America/New_York').minute, 119);
    assert.equal(localNow(new Date('2026-03-08T07:00:00Z'), 'America/New_York').minute, 180);
    const early: OpeningHours = { weekly: every([['09:00', '17:00']]) };
    // 9:00 EDT on the Sunday of the change is 13:00 UTC (it would be 14:00 UTC in winter)
    assert.equal(status(early, 'America/New_York', '2026-03-08T12:59:00Z'), 'Closed · Opens at 9:00');
    assert.equal(status(early, 'America/New_York', '2026-03-08T13:00:00Z'), 'Open now · closes 17:00');
    // the Saturday evening before: tomorrow at 9:00 whatever the change
    assert.equal(status(early, 'America/New_York', '2026-03-08T02:00:00Z'), 'Closed · Opens at 9:00 tomorrow');
  });

  test('an exception replaces its date’s hours; the evening before still runs past midnight into it', () => {
    const cafe: OpeningHours = {
      weekly: every([['07:30', '01:30']]),
      exceptions: [
        { date: '2026-12-25', hours: [] },
        { date: '2026-12-31', hours: [['07:30', '04:00']] },
      ],
    };
    // Christmas Day 00:30 in Paris: Christmas Eve's hours run until 1:30
    assert.equal(status(cafe, 'Europe/Paris', '2026-12-24T23:30:00Z'), 'Open now · closes 1:30');
    // Christmas Day noon: closed, opens on the 26th
    assert.equal(status(cafe, 'Europe/Paris', '2026-12-25T11:00:00Z'), 'Closed · Opens at 7:30 tomorrow');
    // New Year's Eve runs until 4:00 on the 1st
    assert.equal(status(cafe, 'Europe/Paris', '2027-01-01T02:00:00Z'), 'Open now · closes 4:00');
    const museum: OpeningHours = { weekly: every([['09:00', '18:00']]), exceptions: [{ date: '2026-12-25', hours: [] }] };
    // Thursday 24 December, evening: the 25th is closed, so Saturday
    assert.equal(status(museum, 'Europe/Paris', '2026-12-24T19:00:00Z'), 'Closed · Opens Saturday at 9:00');
  });

  test('always open, never open, and the week in words', () => {
    assert.equal(status({ weekly: every([['00:00', '24:00']]) }, 'Asia/Tokyo', '2026-11-30T03:00:00Z'), 'Open 24 hours');
    assert.equal(status({ weekly: every([]) }, 'Asia/Tokyo', '2026-11-30T03:00:00Z'), 'Closed');
    assert.equal(
      describeDay([
        ['09:00', '12:00'],
        ['14:00', '18:30'],
      ]),
      '9:00–12:00, 14:00–18:30',
    );
    assert.equal(describeDay([['18:00', '02:00']]), '18:00–2:00');
    assert.equal(describeDay([['00:00', '24:00']]), 'Open 24 hours');
    assert.equal(describeDay([]), 'Closed');
  });

  test('the form’s schema refuses what SQL refuses, with words', () => {
    const messages = (value: unknown) => {
      const parsed = openingHoursSchema.safeParse(value);
      return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    };
    assert.deepEqual(messages({ weekly: every([['09:00', '18:00']]) }), []);
    assert.deepEqual(messages({ weekly: every([['09:00', '09:00']]) }).slice(0, 1), ['Opening and closing times must differ.']);
    assert.deepEqual(
      messages({
        weekly: [
          [
            ['09:00', '14:00'],
            ['13:00', '18:00'],
          ],
          [],
          [],
          [],
          [],
          [],
          [],
        ],
      }),
      ['The hours of one day must not overlap.'],
    );
    assert.deepEqual(messages({ weekly: [[['25:00', '26:00']], [], [], [], [], [], []] }), [
      'Use a time from 00:00 to 24:00.',
      'Use a time from 00:00 to 24:00.',
    ]);
    assert.deepEqual(messages({ weekly: every([]), exceptions: [{ date: '2026-02-30', hours: [] }] }), ['Choose a valid date.']);
    assert.deepEqual(
      messages({
        weekly: every([]),
        exceptions: [
          { date: '2026-12-25', hours: [] },
          { date: '2026-12-25', hours: [] },
        ],
      }),
      ['Each date has special hours once.'],
    );
    assert.equal(messages({ weekly: every([]).slice(0, 6) }).length, 1);
    assert.deepEqual(
      messages({ weekly: [Array.from({ length: 5 }, (_, i): TimeRange => [`0${i}:00`, `0${i}:30`]), [], [], [], [], [], []] }),
      ['A day has at most 4 ranges of hours.'],
    );
  });
});
