import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyImportMap, emptyModule, mapSpecifier, stripVersion } from './specifiers.ts';

test('npm:, jsr: and CDN URLs become installed package specifiers', () => {
  assert.equal(mapSpecifier('npm:@supabase/supabase-js@2', {}, true), '@supabase/supabase-js');
  assert.equal(mapSpecifier('npm:zod@4.1/mini', {}, true), 'zod/mini');
  assert.equal(mapSpecifier('jsr:@supabase/supabase-js@2', {}, true), '@supabase/supabase-js');
  assert.equal(mapSpecifier('https://esm.sh/@supabase/supabase-js@2.45.0?target=deno', {}, true), '@supabase/supabase-js');
  assert.equal(mapSpecifier('jsr:@supabase/functions-js/edge-runtime.d.ts', {}, true), emptyModule);
  assert.equal(mapSpecifier('./local.ts', {}, true), './local.ts');
  assert.equal(mapSpecifier('node:crypto', {}, true), 'node:crypto');
  assert.equal(stripVersion('@scope/pkg@^1.2.3/sub/path.js'), '@scope/pkg/sub/path.js');
});

test('import maps: exact keys, longest prefix key, only for the function’s own modules', () => {
  const imports = { zod: 'npm:zod@4', 'lib/': 'file:///p/functions/_shared/', 'lib/deep/': 'file:///p/deep/' };
  assert.equal(applyImportMap('zod', imports), 'npm:zod@4');
  assert.equal(applyImportMap('lib/x.ts', imports), 'file:///p/functions/_shared/x.ts');
  assert.equal(applyImportMap('lib/deep/y.ts', imports), 'file:///p/deep/y.ts');
  assert.equal(applyImportMap('other', imports), null);
  assert.equal(mapSpecifier('zod', imports, true), 'zod');
  assert.equal(mapSpecifier('lib/x.ts', imports, false), 'lib/x.ts');
});
