import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Route } from 'playwright-core';
import { messages } from '../../web/src/lib/errors.ts';
import { viewports } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';

// With the API down, Explore shows its skeleton for a moment, then the catalogue's specific
// message with "Try again" — never a blank page or an endless skeleton (decision 196).
describe('an unreachable API', () => {
  const app = useE2eApp({ demoData: true });

  test('refused: Explore says it cannot reach Pinstar within seconds and offers to try again', async () => {
    const { page, context } = await app.openPage(viewports.desktop);
    let first = 0;
    await page.route('**/rest/v1/**', (route: Route) => {
      first ||= Date.now();
      void route.abort('connectionrefused');
    });
    await page.goto('/');
    const alert = page.getByRole('alert').filter({ hasText: messages.unreachable });
    await alert.waitFor({ timeout: 15_000 });
    const waited = Date.now() - first;
    assert.ok(waited < 5_000, `the message came ${waited} ms after the first request`);
    await alert.getByRole('button', { name: 'Try again' }).waitFor();
    await context.close();
  });

  test('stalled: Explore’s map read gives up after 5 s with its message, and "Try again" shows the places once the API answers', async () => {
    const { page, context } = await app.openPage(viewports.desktop);
    // Every `places_in_view` is held (never answered) until `stalled` is lifted.
    let stalled = true;
    let first = 0;
    const held: Route[] = [];
    await page.route('**/rest/v1/rpc/places_in_view', (route: Route) => {
      if (!stalled) return void route.continue();
      first ||= Date.now();
      held.push(route);
    });
    await page.goto('/');
    await page.getByRole('status', { name: 'Loading places' }).waitFor();
    const alert = page.getByRole('alert').filter({ hasText: messages.timeout });
    await alert.waitFor({ timeout: 20_000 });
    const waited = Date.now() - first;
    assert.ok(waited >= 4_500 && waited < 8_000, `the message came ${waited} ms after the first request`);
    assert.ok(held.length > 0);
    stalled = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('list', { name: 'Places' }).getByRole('listitem').first().waitFor();
    assert.equal(await alert.count(), 0, 'the message is gone');
    await context.close();
  });

  test('code that does not come: the sections it carries say so, the header stays, and "Try again" fetches it anew', async () => {
    const { data } = await app.server.admin().from('places').select('id').eq('name', 'Eiffel Tower').single();
    const eiffel = (data as { id: string }).id;
    const { page, context } = await app.openPage(viewports.desktop);
    // The place page's lower sections (and its report buttons) come in a chunk of their own; it is
    // asked for again under a query of its own (a browser may keep a failed import of one URL).
    let refuse = true;
    let refused = 0;
    await page.route(/\/assets\/place-sections-[^/?]+\.js(\?[^/]*)?$/, (route: Route) => {
      if (!refuse) return void route.continue();
      refused += 1;
      void route.abort('connectionrefused');
    });
    await page.goto(`/places/${eiffel}`);
    const reviews = page.locator('section[aria-labelledby="reviews-title"]');
    const failed = reviews.getByRole('alert').filter({ hasText: messages.unreachable });
    await failed.waitFor({ timeout: 15_000 });
    assert.ok(refused >= 3, `asked ${refused} times before saying so`);
    await page.getByRole('heading', { level: 1, name: 'Eiffel Tower' }).waitFor();
    await page.getByRole('link', { name: 'Sign in to star' }).waitFor();
    assert.equal(await page.locator('article > header').getByRole('alert').count(), 0, 'the header shows no error');
    refuse = false;
    await failed.getByRole('button', { name: 'Try again' }).click();
    await reviews
      .getByRole('link', { name: /^Report review by .+ \(sign in first\)$/ })
      .first()
      .waitFor();
    assert.equal(await failed.count(), 0, 'the message is gone');
    await context.close();
  });
});
