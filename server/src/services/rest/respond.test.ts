import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contentRange, rangeStatus } from './respond.ts';

test('Content-Range: first-last/total, * for an empty page or an unknown total', () => {
  const cases: Array<[number, number, number | null, string]> = [
    [0, 9, 100, '0-9/100'],
    [0, 9, null, '0-9/*'],
    [0, -1, 0, '*/0'],
    [5, 4, null, '*/*'],
    [20, 24, 25, '20-24/25'],
  ];
  for (const [lower, upper, total, expected] of cases) assert.equal(contentRange(lower, upper, total), expected, expected);
});

test('range status: 200 for a whole result or no count, 206 for a part, 416 past the end', () => {
  const cases: Array<[number, number, number | null, number]> = [
    [0, 10, null, 200],
    [0, 10, 10, 200],
    [0, 5, 10, 206],
    [5, 5, 10, 206],
    [11, 0, 10, 416],
    [0, 0, 0, 200],
  ];
  for (const [lower, pageTotal, total, status] of cases)
    assert.equal(rangeStatus(lower, pageTotal, total), status, `${lower}+${pageTotal}/${total}`);
});
