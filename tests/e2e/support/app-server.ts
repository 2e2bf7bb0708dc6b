import path from 'node:path';
import type { Page } from 'playwright-core';
import { readProjectToml, type TomlTable } from '../../../server/src/lib/config.ts';
import { repoRoot, startTestServer, type TestServer } from '../../support/server.ts';

export interface AppServerOptions {
  /**
   * `[auth.email] enable_confirmations`. The project confirms sign-ups by mail (on); flows that
   * are not about signing up run without it unless they ask, and sign-up flows pass `true`.
   */
  confirmations?: boolean;
  /** `[auth] jwt_expiry` in seconds. */
  jwtExpiry?: number;
  /** Port and environment (PORT, HOST, API_EXTERNAL_URL) of the server. */
  port?: number;
  env?: NodeJS.ProcessEnv;
  /** Serve the built app from this folder (a copy of web/dist) instead of web/dist. */
  webDist?: string;
}

function withSection(toml: TomlTable, key: string, values: TomlTable): TomlTable {
  const section = toml[key];
  return { ...toml, [key]: { ...(section && typeof section === 'object' ? section : {}), ...values } };
}

/**
 * The app's own project served with the built web app (PGlite), with the auth settings a flow
 * needs. Sign-in rate limits are raised: every browser flow comes from the same address.
 */
export function startAppServer(options: AppServerOptions = {}): Promise<TestServer> {
  let toml = readProjectToml(path.join(repoRoot, 'supabase'));
  const auth = (toml.auth ?? {}) as TomlTable;
  toml = withSection(toml, 'auth', {
    ...(options.jwtExpiry ? { jwt_expiry: options.jwtExpiry } : {}),
    rate_limit: {
      ...((auth.rate_limit ?? {}) as TomlTable),
      sign_in_sign_ups: 1000,
      token_verifications: 1000,
      email_sent: 1000,
      token_refresh: 1000,
    },
    email: { ...((auth.email ?? {}) as TomlTable), enable_confirmations: options.confirmations ?? false, max_frequency: '0s' },
  });
  return startTestServer('pglite', {
    web: true,
    webDist: options.webDist,
    override: { toml, seed: false },
    port: options.port,
    env: options.env,
  });
}

let counter = 0;
/** A fresh, unique address per test. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** A confirmed member created through the admin API (for flows that are not about sign-up). */
export async function createMember(server: TestServer, email: string, password: string, displayName = 'Test Member'): Promise<string> {
  const { data, error } = await server
    .admin()
    .auth.admin.createUser({ email, password, email_confirm: true, user_metadata: { display_name: displayName } });
  if (error || !data.user) throw error ?? new Error('no user created');
  return data.user.id;
}

export async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Waits for a toast (sonner) with this text. */
export async function waitForToast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}
