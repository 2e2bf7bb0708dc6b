import assert from 'node:assert/strict';
import { afterEach, describe, mock, test } from 'node:test';
import { SignJWT } from 'jose';
import { knownRequestAuth, resolveRequestAuth, TokenError, verifyJwt, type Keys } from './keys.ts';

/** A key set with only the legacy secret: HS256 tokens without a `kid` verify with it. */
function keySet(secret: string): Keys {
  return { secret: new TextEncoder().encode(secret), signing: { verifiers: new Map() } } as unknown as Keys;
}

const sign = (keys: Keys, claims: Record<string, unknown>) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(keys.secret);

const refusal = (reason: TokenError['reason']) => (error: unknown) => error instanceof TokenError && error.reason === reason;

describe('verifyJwt: a token verified once is not verified again, but never outlives its claims', () => {
  afterEach(() => mock.timers.reset());

  test('each caller gets claims of its own: changing them changes nothing for the next', async () => {
    const keys = keySet('a-secret-of-at-least-thirty-two-characters');
    const token = await sign(keys, { sub: 'u1', role: 'authenticated', app_metadata: { provider: 'email' } });
    // the first answer comes from the signature, the next ones from what was kept
    for (let i = 0; i < 3; i++) {
      const claims = await verifyJwt(keys, token);
      assert.deepEqual(claims, { sub: 'u1', role: 'authenticated', app_metadata: { provider: 'email' } });
      claims.role = 'service_role';
      (claims.app_metadata as Record<string, unknown>).provider = 'forged';
    }
  });

  test('a token that verified is refused as expired once its exp has passed, and before its nbf', async () => {
    mock.timers.enable({ apis: ['Date'], now: 1_900_000_000_000 });
    const keys = keySet('a-secret-of-at-least-thirty-two-characters');
    const now = 1_900_000_000;
    const expiring = await sign(keys, { role: 'anon', exp: now + 10 });
    const later = await sign(keys, { role: 'anon', nbf: now + 5, exp: now + 60 });
    assert.equal((await verifyJwt(keys, expiring)).role, 'anon');
    await assert.rejects(verifyJwt(keys, later), refusal('invalid'));
    mock.timers.tick(9_999);
    assert.equal((await verifyJwt(keys, expiring)).role, 'anon', 'still in force in its last second');
    assert.equal((await verifyJwt(keys, later)).role, 'anon');
    mock.timers.tick(1);
    await assert.rejects(verifyJwt(keys, expiring), refusal('expired'));
    await assert.rejects(verifyJwt(keys, expiring), refusal('expired'));
  });

  test('a token is verified against each key set on its own: another project’s secret refuses it', async () => {
    const ours = keySet('a-secret-of-at-least-thirty-two-characters');
    const theirs = keySet('another-secret-of-at-least-thirty-two-chars');
    const token = await sign(ours, { role: 'service_role' });
    assert.equal((await verifyJwt(ours, token)).role, 'service_role');
    await assert.rejects(verifyJwt(theirs, token), refusal('invalid'));
  });
});

describe('knownRequestAuth: who a request is without waiting, only when nothing needs verifying', () => {
  afterEach(() => mock.timers.reset());
  const withOpaque = (keys: Keys) =>
    Object.assign(keys, {
      secretKey: 'sb_secret_x',
      publishableKey: 'sb_publishable_x',
      anonKey: 'anon.jwt',
      serviceRoleKey: 'service.jwt',
    });

  test('a token not verified yet is left to resolveRequestAuth; once verified it is known, the same as resolveRequestAuth says', async () => {
    const keys = keySet('a-secret-of-at-least-thirty-two-characters');
    const token = await sign(keys, { sub: 'u1', role: 'authenticated', app_metadata: { provider: 'email' } });
    assert.equal(knownRequestAuth(keys, { authorization: `Bearer ${token}` }), null);
    const resolved = await resolveRequestAuth(keys, { authorization: `Bearer ${token}` });
    const known = knownRequestAuth(keys, { authorization: `Bearer ${token}` });
    assert.deepEqual(known, resolved);
    // the apikey alone, as resolveRequestAuth reads it when there is no bearer token
    assert.deepEqual(knownRequestAuth(keys, { authorization: 'Basic abc', apikey: ` ${token} ` }), resolved);
  });

  test('its claims are shared and frozen: no caller can change them for the next', async () => {
    const keys = keySet('a-secret-of-at-least-thirty-two-characters');
    const token = await sign(keys, { sub: 'u1', role: 'authenticated', app_metadata: { provider: 'email' } });
    await verifyJwt(keys, token);
    const known = knownRequestAuth(keys, { apikey: token });
    assert.ok(known);
    assert.throws(() => {
      (known.claims as Record<string, unknown>).role = 'service_role';
    }, TypeError);
    assert.throws(() => {
      (known.claims.app_metadata as Record<string, unknown>).provider = 'forged';
    }, TypeError);
    assert.deepEqual((await verifyJwt(keys, token)).app_metadata, { provider: 'email' });
  });

  test('an expired token, a made-up one and an unknown opaque key are left to resolveRequestAuth, which refuses them', async () => {
    mock.timers.enable({ apis: ['Date'], now: 1_900_000_000_000 });
    const keys = withOpaque(keySet('a-secret-of-at-least-thirty-two-characters'));
    const expiring = await sign(keys, { role: 'anon', exp: 1_900_000_010 });
    await verifyJwt(keys, expiring);
    assert.equal(knownRequestAuth(keys, { apikey: expiring })?.role, 'anon');
    mock.timers.tick(10_000);
    assert.equal(knownRequestAuth(keys, { apikey: expiring }), null);
    await assert.rejects(resolveRequestAuth(keys, { apikey: expiring }), refusal('expired'));
    assert.equal(knownRequestAuth(keys, { apikey: 'a.b.c' }), null);
    assert.equal(knownRequestAuth(keys, { apikey: 'sb_secret_other' }), null);
    await assert.rejects(resolveRequestAuth(keys, { apikey: 'sb_secret_other' }), refusal('unknown_key'));
  });

  test('no key is anon and the opaque keys are their roles, as resolveRequestAuth says', async () => {
    const keys = withOpaque(keySet('a-secret-of-at-least-thirty-two-characters'));
    for (const headers of [{}, { apikey: 'sb_secret_x' }, { authorization: 'Bearer sb_publishable_x' }, { apikey: '  ' }]) {
      assert.deepEqual(knownRequestAuth(keys, headers), await resolveRequestAuth(keys, headers), JSON.stringify(headers));
    }
  });
});
