import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { onlineManager } from '@tanstack/query-core';
import { describeError, messages } from '../../web/src/lib/errors.ts';

// The catalogue, fed the error objects supabase-js hands the app (same names and fields).
describe('error catalogue', () => {
  const authError = (code: string, extra: object = {}) =>
    Object.assign(new Error('server words'), { name: 'AuthApiError', status: 400, code, ...extra });

  test('auth codes map to docs/product.md messages and reactions', () => {
    const table: [string, string, string, string?][] = [
      ['invalid_credentials', messages.invalidCredentials, 'form'],
      ['email_not_confirmed', messages.emailNotConfirmed, 'resend-confirmation'],
      ['user_already_exists', messages.emailExists, 'sign-in-link', 'email'],
      ['email_exists', messages.emailExists, 'sign-in-link', 'email'],
      ['over_email_send_rate_limit', messages.rateLimited, 'form'],
      ['over_request_rate_limit', messages.rateLimited, 'form'],
      ['same_password', messages.samePassword, 'field', 'password'],
      ['otp_expired', messages.otpExpired, 'forgot-password'],
    ];
    for (const [code, message, reaction, field] of table) {
      assert.deepEqual(describeError(authError(code)), { code, message, reaction, ...(field ? { field } : {}) }, code);
    }
    assert.equal(messages.invalidCredentials, 'Email or password is incorrect.');
    assert.equal(messages.rateLimited, 'Too many attempts. Try again in a minute.');
  });

  test('weak passwords keep the server’s reasons under the password field', () => {
    const weak = Object.assign(new Error('Password should be at least 8 characters.'), {
      name: 'AuthWeakPasswordError',
      code: 'weak_password',
      reasons: ['length'],
    });
    assert.deepEqual(describeError(weak), {
      code: 'weak_password',
      message: 'Password should be at least 8 characters.',
      reaction: 'field',
      field: 'password',
    });
  });

  test('PostgREST codes: unique violations by table, constraints by column, permissions, not found', () => {
    const pg = (code: string, message: string, details = '') => ({ code, message, details, hint: null });
    assert.deepEqual(
      describeError(pg('23505', 'duplicate key value violates unique constraint "reviews_one_per_member"'), { table: 'reviews' }),
      {
        code: '23505',
        message: messages.reviewExists,
        reaction: 'form',
      },
    );
    // A review for a place hidden meanwhile (sent from the offline queue): the insert policy refuses it.
    assert.deepEqual(describeError(pg('42501', 'new row violates row-level security policy for table "reviews"'), { table: 'reviews' }), {
      code: '42501',
      message: messages.placeClosedToReviews,
      reaction: 'form',
    });
    assert.equal(
      describeError(pg('42501', 'new row violates row-level security policy for table "stars"'), { table: 'stars' }).message,
      messages.forbidden,
    );
    assert.deepEqual(
      describeError(pg('23514', 'new row for relation "review_replies" violates check constraint "review_replies_body_length"')),
      { code: '23514', message: 'Replies are 1–1000 characters.', reaction: 'field', field: 'replies_body' },
    );
    assert.deepEqual(describeError(pg('23514', "You can't mark your own review as helpful."), { table: 'review_votes' }), {
      code: '23514',
      message: messages.ownReviewVote,
      reaction: 'form',
    });
    assert.deepEqual(describeError(pg('23505', 'duplicate key value violates unique constraint "follows_pkey"'), { table: 'follows' }), {
      code: '23505',
      message: messages.alreadyFollowing,
      reaction: 'form',
    });
    assert.deepEqual(
      describeError(pg('23505', 'duplicate key value violates unique constraint "profiles_username_key"'), { table: 'profiles' }),
      {
        code: '23505',
        message: 'That username is taken.',
        reaction: 'field',
        field: 'username',
      },
    );
    assert.deepEqual(
      describeError(pg('23514', 'new row for relation "profiles" violates check constraint "profiles_display_name_length"')),
      {
        code: '23514',
        message: 'Display names are 1–50 characters.',
        reaction: 'field',
        field: 'display_name',
      },
    );
    assert.equal(
      describeError(pg('P0001', 'New accounts can post at most 3 reviews per hour. Try again later.')).message,
      messages.reviewLimit,
    );
    assert.deepEqual(describeError(pg('P0001', 'A review can have at most 5 photos.')), {
      code: 'P0001',
      message: 'A review can have at most 5 photos.',
      reaction: 'form',
    });
    assert.deepEqual(describeError(pg('42501', 'permission denied for table stars')), {
      code: '42501',
      message: messages.forbidden,
      reaction: 'sign-in-prompt',
    });
    assert.equal(describeError(pg('PGRST116', 'JSON object requested, multiple (or no) rows returned')).reaction, 'not-found');
  });

  test('storage limits, network failures and the unknown', () => {
    const storage = (statusCode: string, code: string) =>
      Object.assign(new Error('x'), { name: 'StorageApiError', status: 400, statusCode, code });
    assert.equal(describeError(storage('413', 'EntityTooLarge')).message, 'Photos must be under 5 MB.');
    assert.equal(describeError(storage('415', 'InvalidMimeType')).message, 'Use a JPEG, PNG or WebP image.');
    // no answer while the app reaches its server (lib/reachability): that request's server is out of reach
    assert.deepEqual(describeError(new TypeError('Failed to fetch')), {
      code: 'unreachable',
      message: messages.unreachable,
      reaction: 'retry',
    });
    assert.deepEqual(describeError(Object.assign(new Error('Failed to fetch'), { name: 'AuthRetryableFetchError', status: 0 })), {
      code: 'unreachable',
      message: messages.unreachable,
      reaction: 'retry',
    });
    // code loaded on demand that did not come (Chromium's, Safari's words): the server, not the device
    for (const said of ['Failed to fetch dynamically imported module: http://localhost/assets/a.js', 'Importing a module script failed.']) {
      assert.deepEqual(describeError(new TypeError(said)), { code: 'unreachable', message: messages.unreachable, reaction: 'retry' });
    }
    // what supabase-js returns when a read timed out or the server did not answer
    assert.deepEqual(describeError({ message: 'TimeoutError: signal timed out', details: '', hint: '', code: '' }), {
      code: 'timeout',
      message: messages.timeout,
      reaction: 'retry',
    });
    assert.deepEqual(describeError({ message: 'TypeError: Failed to fetch', details: '', hint: '', code: '' }), {
      code: 'unreachable',
      message: messages.unreachable,
      reaction: 'retry',
    });
    // offline as the app found it: worded by what the device says, so it stays true when only the server is down
    onlineManager.setOnline(false);
    try {
      const down = { code: 'network', message: messages.unreachable, reaction: 'offline' };
      assert.deepEqual(describeError(new TypeError('Failed to fetch')), down);
      Object.defineProperty(globalThis.navigator, 'onLine', { value: false, configurable: true });
      assert.deepEqual(describeError(new TypeError('Failed to fetch')), { ...down, message: messages.offline });
    } finally {
      Reflect.deleteProperty(globalThis.navigator, 'onLine');
      onlineManager.setOnline(true);
    }
    assert.deepEqual(describeError(new Error('boom'), { quiet: true }), {
      code: 'unknown',
      message: 'Something went wrong.',
      reaction: 'retry',
    });
  });
});
