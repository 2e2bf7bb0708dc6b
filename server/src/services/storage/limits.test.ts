import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StorageError } from './errors.ts';
import { mustBeAllowedMimeType, mustBeValidBucketName, mustBeValidKey, parseFileSizeToBytes } from './limits.ts';

const code = (fn: () => void) => {
  try {
    fn();
    return 'ok';
  } catch (error: unknown) {
    return error instanceof StorageError ? error.code : 'other';
  }
};

test('keys: S3-safe characters only, no dot or empty segments, no leading slash, bounded length', () => {
  for (const ok of ['a.png', 'folder/sub/a b(1).png', "x/!-_.*'()&$@=;:+,?", '.emptyFolderPlaceholder', 'a..b/c'])
    assert.equal(
      code(() => mustBeValidKey(ok)),
      'ok',
      ok,
    );
  for (const bad of ['', '/a', '../a', 'a/../b', 'a/./b', 'a//b', 'a/', 'a\u0000b', 'a\nb', 'caf\u00e9', 'a\\b', 'x'.repeat(1025)]) {
    assert.equal(
      code(() => mustBeValidKey(bad)),
      'InvalidKey',
      JSON.stringify(bad),
    );
  }
});

test('bucket names: no slash, no surrounding spaces, at most 100 characters', () => {
  assert.equal(
    code(() => mustBeValidBucketName('avatars-2')),
    'ok',
  );
  for (const bad of ['', 'a/b', ' padded', 'x'.repeat(101)])
    assert.equal(
      code(() => mustBeValidBucketName(bad)),
      'InvalidBucketName',
      bad,
    );
});

test('MIME types: exact types and type/* wildcards; parameters are part of the subtype, as upstream', () => {
  assert.equal(
    code(() => mustBeAllowedMimeType('image/png', ['image/*'])),
    'ok',
  );
  assert.equal(
    code(() => mustBeAllowedMimeType('image/png', ['image/png', 'text/plain'])),
    'ok',
  );
  assert.equal(
    code(() => mustBeAllowedMimeType('text/plain; charset=utf-8', null)),
    'ok',
  );
  assert.equal(
    code(() => mustBeAllowedMimeType('anything', null)),
    'InvalidMimeType',
  );
  assert.equal(
    code(() => mustBeAllowedMimeType('video/mp4', ['image/*'])),
    'InvalidMimeType',
  );
  assert.equal(
    code(() => mustBeAllowedMimeType('text/plain;charset=UTF-8', ['text/plain'])),
    'InvalidMimeType',
  );
  assert.equal(
    code(() => mustBeAllowedMimeType('nonsense', ['image/*'])),
    'InvalidMimeType',
  );
  // Exactly one media type, parsed strictly: a second type hidden in a parameter or a list is refused.
  for (const bad of ['image/png; text/html', 'image/png, text/html', 'image/png;text/html', 'image/ png', 'image/png\ntext/html']) {
    assert.equal(
      code(() => mustBeAllowedMimeType(bad, ['image/*'])),
      'InvalidMimeType',
      bad,
    );
    assert.equal(
      code(() => mustBeAllowedMimeType(bad, null)),
      'InvalidMimeType',
      bad,
    );
  }
});

test('file size limits in decimal units', () => {
  assert.equal(parseFileSizeToBytes('20MB'), 20_000_000);
  assert.equal(parseFileSizeToBytes('1.5kb'), 1500);
  assert.equal(parseFileSizeToBytes('3B'), 3);
  assert.equal(
    code(() => parseFileSizeToBytes('20 parsecs')),
    'InvalidRequest',
  );
});
