import assert from 'node:assert/strict';
import { afterEach, describe, mock, test } from 'node:test';
import { SignJWT } from 'jose';
import { TokenError, verifyJwt, type Keys } from './keys.ts';

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
