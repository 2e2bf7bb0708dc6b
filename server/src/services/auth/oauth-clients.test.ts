import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AuthError } from './errors.ts';
import { newClientSecret, readRegistration, readUpdate, secretMatches } from './oauth-clients.ts';

const ok = { redirect_uris: ['https://app.example.com/cb'] };

/** The message a registration body is refused with, or 'ok'. */
function refusal(body: Record<string, unknown>): string {
  try {
    readRegistration(body);
    return 'ok';
  } catch (error: unknown) {
    return error instanceof AuthError ? `${error.status} ${error.code}: ${error.message}` : String(error);
  }
}

test('registration: redirect URIs as GoTrue checks them, with its "400: " prefix', () => {
  const cases: Array<[unknown[], string]> = [
    [[], '400 validation_failed: 400: redirect_uris is required'],
    [['https://app.example.com/cb'], 'ok'],
    [['http://localhost:3000/cb', 'http://127.0.0.1:8080/cb', 'http://[::1]/cb', 'myapp://callback'], 'ok'],
    [
      ['http://app.example.com/cb'],
      "400 validation_failed: 400: invalid redirect_uri 'http://app.example.com/cb': HTTP scheme only allowed for localhost",
    ],
    [
      ['javascript://app.example.com/%0aalert(1)'],
      "400 validation_failed: 400: invalid redirect_uri 'javascript://app.example.com/%0aalert(1)': scheme 'javascript' is not allowed for security reasons",
    ],
    [
      ['https://app.example.com/cb#x'],
      "400 validation_failed: 400: invalid redirect_uri 'https://app.example.com/cb#x': fragment not allowed in redirect URI",
    ],
    [['/relative'], "400 validation_failed: 400: invalid redirect_uri '/relative': must have scheme and host"],
    [Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`), '400 validation_failed: 400: redirect_uris cannot exceed 10 items'],
  ];
  for (const [uris, expected] of cases) assert.equal(refusal({ redirect_uris: uris }), expected, JSON.stringify(uris));
  assert.equal(
    refusal({ redirect_uris: 'https://a.example/cb' }),
    '400 bad_json: Could not parse request body as JSON: field "redirect_uris" must be a list of strings',
  );
});

test('registration: client type from token_endpoint_auth_method, consistency, grant types', () => {
  assert.deepEqual(
    [readRegistration(ok).client_type, readRegistration(ok).token_endpoint_auth_method],
    ['confidential', 'client_secret_basic'],
  );
  const pub = readRegistration({ ...ok, token_endpoint_auth_method: 'none' });
  assert.deepEqual([pub.client_type, pub.token_endpoint_auth_method], ['public', 'none']);
  assert.equal(readRegistration({ ...ok, client_type: 'public' }).token_endpoint_auth_method, 'none');
  assert.match(refusal({ ...ok, client_type: 'public', token_endpoint_auth_method: 'client_secret_post' }), /is inconsistent with/);
  assert.match(refusal({ ...ok, grant_types: ['implicit'] }), /grant_types must only contain/);
  assert.deepEqual(readRegistration(ok).grant_types, ['authorization_code', 'refresh_token']);
  assert.match(refusal({ ...ok, logo_uri: 'not a url' }), /logo_uri must be a valid URL/);
});

test('update: only the fields given, at least one', () => {
  assert.throws(() => readUpdate({}), /No fields provided for update/);
  assert.deepEqual(readUpdate({ logo_uri: 'https://a.example/logo.png' }), {
    redirect_uris: undefined,
    grant_types: undefined,
    client_name: undefined,
    client_uri: undefined,
    logo_uri: 'https://a.example/logo.png',
  });
  assert.throws(() => readUpdate({ redirect_uris: [] }), /redirect_uris cannot be empty/);
});

test('secrets: 32 random bytes, kept as a SHA-256; only the secret itself matches', () => {
  const { secret, hash } = newClientSecret();
  assert.match(secret, /^[A-Za-z0-9_-]{43}$/);
  assert.notEqual(hash, secret);
  assert.equal(secretMatches(secret, hash), true);
  assert.equal(secretMatches(`${secret}x`, hash), false);
  assert.equal(secretMatches(secret, null), false);
  assert.equal(secretMatches(secret, newClientSecret().hash), false);
});
