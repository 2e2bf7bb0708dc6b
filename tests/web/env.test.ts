import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateBuildEnv } from '../../web/src/lib/env-schema.ts';

// The Supabase settings a build bakes in are checked when the app is built (vite.config.ts),
// so a wrong value stops the build with a sentence naming it, never a visitor's page.
describe('build-time Supabase settings', () => {
  test('no settings: the app uses the server that serves it', () => {
    assert.doesNotThrow(() => validateBuildEnv({}));
    assert.doesNotThrow(() => validateBuildEnv({ VITE_SUPABASE_URL: '', VITE_SUPABASE_ANON_KEY: '' }));
  });

  test('a project URL and key pass', () => {
    assert.doesNotThrow(() =>
      validateBuildEnv({
        VITE_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co',
        VITE_SUPABASE_ANON_KEY: 'sb_publishable_0123456789abcdefghij',
        VITE_MAP_TILE_URL: 'not checked here',
      }),
    );
  });

  test('a URL that is not one, and a key too short to be one, are named in one sentence', () => {
    assert.throws(
      () => validateBuildEnv({ VITE_SUPABASE_URL: 'abcdefghijklmnop.supabase', VITE_SUPABASE_ANON_KEY: 'anon' }),
      (error: Error) =>
        error.message ===
        'Pinstar is not configured: VITE_SUPABASE_URL must be the URL of a Supabase project (https://<ref>.supabase.co); VITE_SUPABASE_ANON_KEY must be the project’s anon or publishable key',
    );
  });
});
