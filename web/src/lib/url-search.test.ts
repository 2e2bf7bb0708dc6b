import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { latestSearch } from './url-search.ts';

describe('the search a change builds on', () => {
  test('with nothing asked for, the address bar', () => {
    assert.equal(latestSearch(null, '?sort=top'), '?sort=top');
  });
  test('a change asked for and not yet in the address bar is the latest', () => {
    assert.equal(latestSearch({ from: '', to: '?category=museum' }, ''), '?category=museum');
  });
  test('once the address bar has moved on (the change landed, or Back was pressed), the address bar', () => {
    assert.equal(latestSearch({ from: '', to: '?category=museum' }, '?category=museum'), '?category=museum');
    assert.equal(latestSearch({ from: '?min=4', to: '?min=4&sort=top' }, '?q=tea'), '?q=tea');
  });
});
