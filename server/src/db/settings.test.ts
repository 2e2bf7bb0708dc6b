import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { settingsStatement } from './settings.ts';

describe('settingsStatement', () => {
  test('binds search path, timeout, role, claims and each request setting in order, with the role check asked for', () => {
    const who = {
      kind: 'request' as const,
      role: 'authenticated',
      claims: { sub: 'u1' },
      searchPath: '"public", "extensions"',
      settings: [
        ['request.method', 'POST'],
        ['request.headers', '{"accept":"*/*"}'],
      ] as Array<[string, string]>,
    };
    assert.deepEqual(settingsStatement(who, 8000, 'server'), {
      sql:
        "select set_config('search_path', $1, true), set_config('statement_timeout', $2, true), set_config('role', $3, true), " +
        "set_config('request.jwt.claims', $4, true), set_config($5, $6, true), set_config($7, $8, true)",
      params: [
        '"public", "extensions"',
        '8000',
        'authenticated',
        '{"sub":"u1","role":"authenticated"}',
        'request.method',
        'POST',
        'request.headers',
        '{"accept":"*/*"}',
      ],
    });
    assert.deepEqual(settingsStatement({ kind: 'request', role: 'anon' }, undefined, 'query'), {
      sql:
        "select set_config('role', r.rolname, true), set_config('request.jwt.claims', $2, true) from pg_catalog.pg_roles r" +
        " where r.rolname = $1 and pg_catalog.pg_has_role('authenticator', r.oid, 'member')",
      params: ['anon', '{"role":"anon"}'],
    });
    assert.equal(settingsStatement({ kind: 'system' }, 100), null);
  });

  test('two identities of one shape share the text and keep their own values', () => {
    const a = settingsStatement({ kind: 'request', role: 'anon', settings: [['request.path', '/a']] }, undefined, 'server');
    const b = settingsStatement(
      { kind: 'request', role: 'service_role', claims: { x: 1 }, settings: [['request.path', '/b']] },
      undefined,
      'server',
    );
    assert.equal(a?.sql, b?.sql);
    assert.deepEqual(a?.params, ['anon', '{"role":"anon"}', 'request.path', '/a']);
    assert.deepEqual(b?.params, ['service_role', '{"x":1,"role":"service_role"}', 'request.path', '/b']);
    const longer = settingsStatement(
      {
        kind: 'request',
        role: 'anon',
        settings: [
          ['request.path', '/a'],
          ['request.method', 'GET'],
        ],
      },
      undefined,
      'server',
    );
    assert.notEqual(longer?.sql, a?.sql);
    assert.equal(longer?.sql.endsWith('set_config($5, $6, true)'), true);
  });
});
