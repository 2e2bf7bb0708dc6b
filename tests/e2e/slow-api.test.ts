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
});
