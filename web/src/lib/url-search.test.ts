import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { latestSearch, pendingAfter, shownSearch } from './url-search.ts';

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

describe('the search shown while a change is on its way', () => {
  test('a change asked for shows at once, and the router decides again once it renders that change', () => {
    const pending = pendingAfter(null, 'min=4', 'min=4&open=1');
    assert.equal(shownSearch(pending, 'min=4'), 'min=4&open=1');
    assert.equal(shownSearch(pending, 'min=4&open=1'), 'min=4&open=1');
  });
  test('two changes before the router renders either: the second shows through the first one rendering', () => {
    const first = pendingAfter(null, '', 'category=museum');
    const second = pendingAfter(first, '', 'category=museum&open=1');
    assert.equal(shownSearch(second, ''), 'category=museum&open=1');
    assert.equal(shownSearch(second, 'category=museum'), 'category=museum&open=1');
  });
  test('Back, or any other location, is shown as it is', () => {
    const pending = pendingAfter(null, 'min=4', 'min=4&open=1');
    assert.equal(shownSearch(pending, 'q=tea'), 'q=tea');
  });
  test('a change back to what shows leaves nothing pending', () => {
    assert.equal(pendingAfter(pendingAfter(null, '', 'open=1'), '', ''), null);
    assert.equal(shownSearch(null, ''), '');
  });
});
