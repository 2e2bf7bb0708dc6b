import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { initialsOf } from '../../web/src/lib/initials.ts';

// An avatar without a picture shows initials made of letters only.
describe('avatar initials', () => {
  test('the first letters of the first two words', () => {
    assert.equal(initialsOf('Ada Lovelace'), 'AL');
    assert.equal(initialsOf('ada'), 'A');
    assert.equal(initialsOf('jo_bloggs'), 'JB');
    assert.equal(initialsOf('Mary Ann Evans'), 'MA');
  });

  test('brackets, digits, punctuation and emoji are never an initial', () => {
    assert.equal(initialsOf('Mina (moderator)'), 'MM');
    assert.equal(initialsOf('(Mina)'), 'M');
    assert.equal(initialsOf('  2cool 4school '), 'CS');
    assert.equal(initialsOf('🌟 Star'), 'S');
    assert.equal(initialsOf('émile zola'), 'ÉZ');
    assert.equal(initialsOf('x@example.com'), 'XE');
  });

  test('a name without a letter shows a question mark', () => {
    assert.equal(initialsOf(''), '?');
    assert.equal(initialsOf('1234'), '?');
    assert.equal(initialsOf('(…)'), '?');
  });
});
