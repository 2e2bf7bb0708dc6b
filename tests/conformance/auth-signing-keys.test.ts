import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT, type JSONWebKeySet } from 'jose';
import WebSocket from 'ws';
import { uniqueEmail } from '../fixtures/auth/helpers.ts';
import { generateSigningJwk, projectWithRotatedKeys, signAs, type RotatedProject } from '../fixtures/auth/keys.ts';
import { subscribe } from '../fixtures/realtime/helpers.ts';
import { repoRoot } from '../support/server.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

const fixture = path.join(repoRoot, 'tests/fixtures/functions/project');
const password = 'correct-horse-1';

function userClaims(sub: string = randomUUID()): Record<string, unknown> {
  return { sub, role: 'authenticated', aud: 'authenticated', session_id: randomUUID(), aal: 'aal1', amr: [], is_anonymous: false };
}

for (const target of conformanceTargets({ listen: true })) {
  describe(`auth signing keys on ${target.name}`, () => {
    let server: ConformanceTarget;
    let project: RotatedProject;
    before(async () => {
      project = await projectWithRotatedKeys(fixture);
      server = await target.start(project.dir);
    });
    after(async () => {
      await server?.close();
      rmSync(project.dir, { recursive: true, force: true });
    });

    /** What each service answers to a bearer token: REST, storage, realtime, a verify_jwt function, auth. */
    async function everyService(token: string) {
      const client = server.client();
      const headers = { apikey: server.anonKey, Authorization: `Bearer ${token}` };
      const rest = await server.fetch(`${server.url}/rest/v1/notes?select=id`, { headers });
      const storage = await server.fetch(`${server.url}/storage/v1/bucket`, { headers });
      const fn = await server.fetch(`${server.url}/functions/v1/echo`, { method: 'POST', headers, body: 'hi' });
      await fn.body?.cancel();
      await client.realtime.setAuth(token);
      const channel = client.channel(`keys-${randomUUID()}`);
      const realtime = (await subscribe(channel)).status;
      await client.removeAllChannels();
      const user = await server.fetch(`${server.url}/auth/v1/user`, { headers });
      return {
        rest: rest.status,
        storage: storage.status,
        functions: fn.status,
        realtime,
        auth: (await user.json()) as { msg?: string; code?: number },
      };
    }

    test('the JWKS publishes the public half of every asymmetric key, current and rotated out, never a secret', async () => {
      const res = await server.fetch(`${server.url}/auth/v1/.well-known/jwks.json`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('cache-control'), 'public, max-age=600');
      const { keys } = (await res.json()) as JSONWebKeySet;
      assert.deepEqual(
        keys.map((k) => [k.kid, k.alg, k.kty]).sort(),
        [
          [project.retired.kid, 'RS256', 'RSA'],
          [project.current.kid, 'ES256', 'EC'],
        ].sort(),
      );
      for (const key of keys) {
        assert.equal(key.use, 'sig');
        assert.deepEqual(key.key_ops, ['verify']);
        for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'] as const)
          assert.equal(key[secret], undefined, `${key.kid} leaks ${secret}`);
      }
    });

    test('sessions are signed with the current key and its kid, and verify against the published JWKS', async () => {
      const { data, error } = await server.client().auth.signUp({ email: uniqueEmail('keys'), password });
      assert.equal(error, null);
      const token = data.session?.access_token ?? '';
      assert.deepEqual(decodeProtectedHeader(token), { alg: 'ES256', kid: project.current.kid, typ: 'JWT' });
      const jwks = (await (await server.fetch(`${server.url}/auth/v1/.well-known/jwks.json`)).json()) as JSONWebKeySet;
      const { payload } = await jwtVerify(token, createLocalJWKSet(jwks));
      assert.equal(payload.sub, data.user?.id);
      const seen = await everyService(token);
      assert.deepEqual({ ...seen, auth: undefined }, { rest: 200, storage: 200, functions: 200, realtime: 'SUBSCRIBED', auth: undefined });
      assert.equal((seen.auth as { id?: string }).id, data.user?.id);
    });

    test('getClaims verifies an asymmetric token locally: the JWKS is fetched, GET /user is never called', async () => {
      const calls: string[] = [];
      const client = createClient(server.url, server.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as never },
        global: {
          fetch: (input, init) => {
            calls.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
            return server.fetch(input, init);
          },
        },
      });
      const email = uniqueEmail('claims');
      assert.equal((await client.auth.signUp({ email, password })).error, null);
      calls.length = 0;
      const { data, error } = await client.auth.getClaims();
      assert.equal(error, null);
      assert.equal(data?.claims.email, email);
      assert.equal(data?.header.kid, project.current.kid);
      assert.deepEqual(calls, ['/auth/v1/.well-known/jwks.json']);
    });

    test('a token signed by the rotated-out key still verifies in every service', async () => {
      // The same session's claims, as the key before the rotation signed them.
      const { data } = await server.client().auth.signUp({ email: uniqueEmail('retired'), password });
      const { exp: _exp, iat: _iat, ...claims } = decodeJwt(data.session?.access_token ?? '');
      const token = await signAs(project.retired, claims);
      const seen = await everyService(token);
      assert.deepEqual({ ...seen, auth: undefined }, { rest: 200, storage: 200, functions: 200, realtime: 'SUBSCRIBED', auth: undefined });
      assert.equal((seen.auth as { id?: string }).id, data.user?.id);
    });

    test('HS256 tokens signed with the legacy JWT secret are still accepted, and the legacy anon key works', async () => {
      const token = await new SignJWT({ ...userClaims(), role: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime('10m')
        .sign(server.keys.secret);
      const seen = await everyService(token);
      assert.deepEqual({ ...seen, auth: undefined }, { rest: 200, storage: 200, functions: 200, realtime: 'SUBSCRIBED', auth: undefined });
      assert.equal(decodeProtectedHeader(server.anonKey).alg, 'HS256');
      assert.equal((await server.client().storage.listBuckets()).error, null);
    });

    test('a token signed by a key not in the set is refused by every service', async () => {
      const stranger = await generateSigningJwk('ES256');
      const unknownKid = await signAs(stranger, userClaims());
      const reusedKid = await signAs({ ...stranger, kid: project.current.kid }, userClaims());
      for (const token of [unknownKid, reusedKid]) {
        const seen = await everyService(token);
        assert.deepEqual(
          { ...seen, auth: undefined },
          { rest: 401, storage: 400, functions: 401, realtime: 'CHANNEL_ERROR', auth: undefined },
        );
        assert.equal(seen.auth.code, 403);
        assert.match(seen.auth.msg ?? '', /^invalid JWT: unable to parse or verify signature/);
      }
    });
  });
}
