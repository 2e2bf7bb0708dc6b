import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SignJWT } from 'jose';
import { authFixture } from '../fixtures/auth/helpers.ts';
import { conformanceTargets, type ConformanceTarget } from '../support/target.ts';

/** A small deterministic PRNG (mulberry32), so a failing case can be replayed. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Case {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  versioned: boolean;
}

const endpoints: Array<[string, string]> = [
  ['POST', '/signup'],
  ['POST', '/token?grant_type=password'],
  ['POST', '/token?grant_type=refresh_token'],
  ['POST', '/token?grant_type=pkce'],
  ['POST', '/token?grant_type=magic'],
  ['POST', '/token'],
  ['POST', '/recover'],
  ['POST', '/resend'],
  ['POST', '/verify'],
  ['POST', '/otp'],
  ['PUT', '/user'],
  ['GET', '/user'],
  ['POST', '/logout?scope=everything'],
  ['POST', '/logout'],
  ['GET', '/admin/users?page=-1&per_page=abc'],
  ['POST', '/admin/users'],
  ['GET', '/admin/users/not-a-uuid'],
  ['PUT', '/admin/users/00000000-0000-4000-8000-00000000000z'],
  ['DELETE', '/admin/users/%00'],
  ['POST', '/admin/generate_link'],
  ['GET', '/verify?type=signup'],
  ['GET', '/no-such-endpoint'],
];

/** Bodies that are never valid for the endpoint: broken JSON, wrong types, bad addresses, absurd sizes. */
const bodies = [
  '',
  '{',
  'null',
  '[]',
  '"just a string"',
  '42',
  '{"email": 123, "password": []}',
  '{"email": "no-at-sign", "password": "x"}',
  '{"email": "a@b", "password": "short"}',
  `{"email": "${'a'.repeat(300)}@example.com", "password": "long-enough-1"}`,
  '{"email": "nul\\u0000@example.com", "password": "long-enough-1"}',
  '{"refresh_token": {"$ne": null}}',
  '{"refresh_token": ""}',
  '{"auth_code": "x", "code_verifier": ""}',
  '{"type": 5, "email": true}',
  '{"type": "sms", "phone": "+1"}',
  '{"code_challenge": "abc", "code_challenge_method": "md5", "email": "ok@example.com"}',
  '{"data": "not-an-object", "email": "bad@@example.com", "password": "long-enough-1"}',
  `{"password": "${'p'.repeat(100)}", "email": "x"}`,
  '{"token_hash": "", "type": ""}',
  '{"email": "😀@😀", "password": "😀😀😀😀😀😀😀😀"}',
  `{"nested": ${'['.repeat(40)}${']'.repeat(40)}, "email": "?"}`,
];

async function tokens(server: ConformanceTarget): Promise<string[]> {
  const wrongKey = new TextEncoder().encode('not-the-project-secret-but-long-enough!!');
  const now = Math.floor(Date.now() / 1000);
  return [
    '',
    'Bearer',
    'Bearer ',
    'Basic dXNlcjpwYXNz',
    'Bearer not.a.jwt',
    'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
    `Bearer ${await new SignJWT({ sub: '00000000-0000-4000-8000-000000000000', role: 'authenticated' }).setProtectedHeader({ alg: 'HS256' }).sign(wrongKey)}`,
    `Bearer ${await new SignJWT({ sub: '00000000-0000-4000-8000-000000000000', role: 'authenticated', exp: now - 60 }).setProtectedHeader({ alg: 'HS256' }).sign(server.keys.secret)}`,
    `Bearer ${await new SignJWT({ sub: 'not-a-uuid', role: 'authenticated', exp: now + 60 }).setProtectedHeader({ alg: 'HS256' }).sign(server.keys.secret)}`,
    `Bearer ${await new SignJWT({ sub: '00000000-0000-4000-8000-000000000000', role: 'authenticated', session_id: '%00', exp: now + 60 }).setProtectedHeader({ alg: 'HS256' }).sign(server.keys.secret)}`,
    `Bearer ${server.anonKey}`,
    `Bearer ${server.serviceRoleKey}`,
    'Bearer sb_secret_wrong',
  ];
}

const versions = [null, '2024-01-01', '2025-06-30', '2023-05-01', 'banana', '2024-13-45'];
const contentTypes = ['application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', ''];

for (const target of conformanceTargets()) {
  describe(`auth fuzzing on ${target.name}`, () => {
    let server: ConformanceTarget;
    before(async () => {
      server = await target.start(authFixture('project'));
    });
    after(() => server?.close());

    test('200 malformed requests: every answer is a 4xx in GoTrue shape, never a 5xx', async () => {
      const random = prng(20261122);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
      const auths = await tokens(server);
      const cases: Case[] = [];
      for (let i = 0; i < 200; i++) {
        const [method, path] = pick(endpoints);
        const version = pick(versions);
        const headers: Record<string, string> = { apikey: server.anonKey };
        const authorization = pick(auths);
        if (authorization) headers.authorization = authorization;
        if (version) headers['x-supabase-api-version'] = version;
        const contentType = pick(contentTypes);
        if (contentType) headers['content-type'] = contentType;
        cases.push({
          method,
          path,
          headers,
          body: method === 'GET' ? undefined : pick(bodies),
          versioned:
            version !== null && version >= '2024-01-01' && !Number.isNaN(Date.parse(version)) && /^\d{4}-\d{2}-\d{2}$/.test(version),
        });
      }
      const failures: string[] = [];
      for (const [i, c] of cases.entries()) {
        const response = await server.fetch(`${server.url}/auth/v1${c.path}`, { method: c.method, headers: c.headers, body: c.body });
        const text = await response.text();
        const where = `#${i} ${c.method} ${c.path} ${JSON.stringify(c.headers.authorization ?? '').slice(0, 30)} body=${JSON.stringify(c.body ?? '').slice(0, 60)}`;
        if (response.status < 400 || response.status >= 500) {
          failures.push(`${where} → ${response.status} ${text.slice(0, 200)}`);
          continue;
        }
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          failures.push(`${where} → non-JSON ${text.slice(0, 100)}`);
          continue;
        }
        const shapeOk = c.versioned
          ? typeof body.code === 'string' &&
            typeof body.message === 'string' &&
            response.headers.get('x-supabase-api-version') === '2024-01-01'
          : body.code === response.status &&
            typeof body.error_code === 'string' &&
            typeof body.msg === 'string' &&
            response.headers.get('x-supabase-api-version') === null;
        if (!shapeOk) failures.push(`${where} → ${response.status} wrong shape ${text.slice(0, 200)}`);
      }
      assert.deepEqual(failures, []);
      assert.equal(cases.length, 200);
    });
  });
}
