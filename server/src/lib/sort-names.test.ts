import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sortNames } from './sort-names.ts';

test('sortNames orders as Array.prototype.sort() does, in place', () => {
  const cases = [
    [],
    ['a'],
    ['b', 'a'],
    ['status', 'method', 'service'],
    ['x-b', 'X-a', 'accept', 'Accept', 'é', 'e', 'z', ''],
    ['a', 'a', 'b', 'a'],
  ];
  for (const names of cases) {
    const expected = [...names].sort();
    const same = sortNames(names);
    assert.equal(same, names);
    assert.deepEqual(names, expected);
  }
});
