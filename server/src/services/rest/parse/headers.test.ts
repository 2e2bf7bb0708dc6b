import assert from 'node:assert/strict';
import { test } from 'node:test';
import { appliedPreferences, negotiate, parsePrefer, type Preferences } from './headers.ts';

const none: Preferences = {
  resolution: null,
  return: null,
  count: null,
  missing: null,
  handling: null,
  maxAffected: null,
  tx: null,
  invalid: [],
};

test('Prefer: each kind read once (first wins), unknown ones collected, tx only when allowed', () => {
  const cases: Array<[string | null, boolean, Partial<Preferences>]> = [
    [null, false, {}],
    ['', false, {}],
    ['return=representation', false, { return: 'representation' }],
    ['return=minimal, return=representation', false, { return: 'minimal' }],
    [
      'count=exact,resolution=merge-duplicates,missing=default',
      false,
      { count: 'exact', resolution: 'merge-duplicates', missing: 'default' },
    ],
    ['resolution=ignore-duplicates, count=planned', false, { resolution: 'ignore-duplicates', count: 'planned' }],
    ['count=estimated,return=headers-only,missing=null', false, { count: 'estimated', return: 'headers-only', missing: 'null' }],
    ['handling=lenient, max-affected=5', false, { handling: 'lenient', maxAffected: 5 }],
    ['max-affected=x', false, {}],
    ['tx=rollback', false, {}],
    ['tx=rollback', true, { tx: 'rollback' }],
    ['timezone=UTC', false, {}],
    ['return=everything, colour=blue', false, { invalid: ['return=everything', 'colour=blue'] }],
  ];
  for (const [header, allowTx, expected] of cases) assert.deepEqual(parsePrefer(header, allowTx), { ...none, ...expected }, String(header));
});

test('Prefer: handling=strict refuses unknown preferences with PGRST122', () => {
  assert.throws(() => parsePrefer('handling=strict, colour=blue, size=xl'), {
    status: 400,
    code: 'PGRST122',
    message: 'Invalid preferences given with handling=strict',
    details: 'Invalid preferences: colour=blue, size=xl',
  });
});

test('Preference-Applied: in PostgREST order, only for the preferences the request used', () => {
  const all = { resolution: true, missing: true, return: true, maxAffected: true };
  assert.equal(
    appliedPreferences(parsePrefer('count=exact, return=minimal, resolution=merge-duplicates, missing=default'), all),
    'resolution=merge-duplicates, missing=default, return=minimal, count=exact',
  );
  assert.equal(appliedPreferences(parsePrefer('return=minimal, count=exact'), { ...all, return: false }), 'count=exact');
  assert.equal(appliedPreferences(parsePrefer('handling=strict, max-affected=3'), all), 'handling=strict, max-affected=3');
  assert.equal(appliedPreferences(parsePrefer('handling=lenient, max-affected=3'), all), 'handling=lenient');
  assert.equal(appliedPreferences(parsePrefer('tx=commit', true), all), 'tx=commit');
  assert.equal(appliedPreferences(parsePrefer(null), all), null);
});

test('Accept: media types by q and order; the pgrst vendor types, nulls=stripped and csv', () => {
  const cases: Array<[string | null, string, string]> = [
    [null, 'json', 'application/json; charset=utf-8'],
    ['', 'json', 'application/json; charset=utf-8'],
    ['*/*', 'json', 'application/json; charset=utf-8'],
    ['application/vnd.pgrst.object+json', 'object', 'application/vnd.pgrst.object+json; charset=utf-8'],
    ['application/vnd.pgrst.object+json;nulls=stripped', 'object', 'application/vnd.pgrst.object+json; nulls=stripped; charset=utf-8'],
    ['application/vnd.pgrst.array+json;nulls=stripped', 'json', 'application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8'],
    ['text/csv', 'csv', 'text/csv; charset=utf-8'],
    ['application/geo+json', 'geojson', 'application/geo+json; charset=utf-8'],
    ['text/html, text/csv', 'csv', 'text/csv; charset=utf-8'],
    ['application/json;q=0.5, text/csv', 'csv', 'text/csv; charset=utf-8'],
    ['text/csv;q=0, application/json', 'json', 'application/json; charset=utf-8'],
  ];
  for (const [accept, kind, contentType] of cases) {
    const media = negotiate(accept);
    assert.deepEqual([media.kind, media.contentType], [kind, contentType], String(accept));
  }
});

test('Accept: plans only while db-plan-enabled is on; nothing acceptable is PGRST107', () => {
  const plan = 'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object"; options=buffers|analyze';
  assert.throws(() => negotiate(plan), { status: 406, code: 'PGRST107' });
  const media = negotiate(plan, true);
  assert.deepEqual(media.plan, { format: 'json', options: ['analyze', 'buffers'] });
  assert.equal(media.kind, 'object');
  assert.equal(
    media.contentType,
    'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|buffers; charset=utf-8',
  );
  assert.throws(() => negotiate('text/html, image/png'), {
    status: 406,
    code: 'PGRST107',
    message: 'None of these media types are available: text/html, image/png',
  });
});
