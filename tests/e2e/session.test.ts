import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { createMember, signInWithForm, uniqueEmail, waitForToast } from './support/app-server.ts';
import { useE2eApp } from './support/fixture.ts';

const storageKey = 'sb-localhost-auth-token';

/** Records auth events (supabase-js tells other tabs on a BroadcastChannel named by its storage key). */
async function recordAuthEvents(page: Page): Promise<void> {
  await page.addInitScript(`
    window.__authEvents = [];
    new BroadcastChannel(${JSON.stringify(storageKey)}).onmessage = (e) => window.__authEvents.push(e.data.event);
  `);
}

const authEvents = (page: Page) => page.evaluate<string[]>('window.__authEvents');
const storedToken = async (page: Page) =>
  JSON.parse((await page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(storageKey)})`)) ?? '{}').access_token as string;

/** Realtime frames: tokens the page sent (join payloads and access_token pushes) and system errors received. */
function watchRealtime(page: Page): { sent: string[]; systemErrors: string[] } {
  const seen = { sent: [] as string[], systemErrors: [] as string[] };
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const match = /"access_token":"([^"]+)"/.exec(String(payload));
      if (match?.[1]) seen.sent.push(match[1]);
    });
    socket.on('framereceived', ({ payload }) => {
      if (/"system",\{[^}]*"status":"error"/.test(String(payload))) seen.systemErrors.push(String(payload));
    });
  });
  return seen;
}

// A member stays signed in across idle periods: the client refreshes (TOKEN_REFRESHED), requests
// stay authorized, and the realtime channel is handed each new token.
describe('session refresh', () => {
  describe('with a 3-second JWT expiry', () => {
    const app = useE2eApp({ jwtExpiry: 3 });

    test('idles past the expiry, refreshes silently and the next write is authorized', async () => {
      const email = uniqueEmail('idle');
      const userId = await createMember(app.server, email, 'idle password 1', 'Idle Member');
      const { page, context } = await app.openPage();
      await recordAuthEvents(page);
      await page.goto('/auth/sign-in?next=%2Fsettings');
      await signInWithForm(page, email, 'idle password 1');
      await page.getByLabel('Display name').waitFor();
      const first = await storedToken(page);
      await page.waitForTimeout(4500);
      assert.ok((await app.server.client().auth.getUser(first)).error, 'the access token has expired on the server meanwhile');
      await page.getByLabel('Display name').fill('Still Here');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await waitForToast(page, 'Profile saved');
      const { data } = await app.server.admin().from('profiles').select('display_name').eq('id', userId).single();
      assert.equal(data?.display_name, 'Still Here', 'the write after the idle period was authorized');
      const events = await authEvents(page);
      assert.ok(events.includes('TOKEN_REFRESHED'), `TOKEN_REFRESHED seen (${events.join(', ')})`);
      assert.ok(!events.includes('SIGNED_OUT'));
      assert.equal((await app.server.client().auth.getUser(await storedToken(page))).error, null);
      await page.getByRole('button', { name: /Account menu for Still Here/ }).waitFor();
      await context.close();
    });
  });

  describe('with a 95-second JWT expiry (inside the client refresh margin of 90 s within seconds)', () => {
    const app = useE2eApp({ jwtExpiry: 95 });

    test('refreshes before expiry and hands the new token to the open realtime channel', async () => {
      const email = uniqueEmail('realtime');
      await createMember(app.server, email, 'realtime password 1', 'Live Member');
      const { page, context } = await app.openPage();
      await recordAuthEvents(page);
      const realtime = watchRealtime(page);
      await page.goto('/auth/sign-in');
      await signInWithForm(page, email, 'realtime password 1');
      await waitForToast(page, 'Welcome, Live Member!');
      // Explore keeps a realtime channel (live places) open; it joins with the session token.
      for (let i = 0; i < 50 && realtime.sent.length === 0; i++) await page.waitForTimeout(100);
      const joinedWith = await storedToken(page);
      assert.ok(realtime.sent.includes(joinedWith), 'the channel joined with the session token');
      // Once under 90 s from expiry, the next check refreshes: coming back to the tab is one
      // (the 30 s tick is the other).
      await page.waitForTimeout(6000);
      await page.evaluate(`document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))`);
      await page.waitForFunction(`window.__authEvents.includes('TOKEN_REFRESHED')`, undefined, { timeout: 35_000 });
      const refreshed = await storedToken(page);
      assert.notEqual(refreshed, joinedWith);
      for (let i = 0; i < 50 && !realtime.sent.includes(refreshed); i++) await page.waitForTimeout(100);
      assert.ok(realtime.sent.includes(refreshed), 'realtime was handed the refreshed token');
      assert.deepEqual(realtime.systemErrors, [], 'the channel was never closed for an expired token');
      assert.equal((await app.server.client().auth.getUser(refreshed)).error, null);
      assert.ok(!(await authEvents(page)).includes('SIGNED_OUT'));
      await context.close();
    });
  });
});
