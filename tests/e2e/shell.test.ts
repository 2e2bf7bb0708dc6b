import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkScreen } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';
import { offlineMessages } from './support/offline.ts';

// The app shell: header, Explore, the toast region, the 404 route. PGlite only: the backend
// matrix belongs to the service suites; the browser flows exercise the app.
describe('web app shell', () => {
  const app = useE2eApp({ demoData: true });
  test('loads / with the header and the Explore route, without console errors', async () => {
    const { page, context, errors } = await app.openPage();
    await page.goto('/');
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Pinstar' }).waitFor();
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Explore places');
    assert.equal(await banner.getByRole('link', { name: 'Explore' }).getAttribute('aria-current'), 'page');
    assert.equal(await page.title(), 'Pinstar');
    await page.waitForLoadState('networkidle');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('says once, in the banner, that the connection dropped, and tells when it is back', async () => {
    const { page, context } = await app.openPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Explore places' }).waitFor();
    await context.setOffline(true);
    await page
      .getByRole('status')
      .filter({ hasText: 'You are offline. Places you have opened are available; new searches are not.' })
      .waitFor();
    assert.equal(await offlineMessages(page), 1, 'one offline message: the banner, no toast beside it');
    await context.setOffline(false);
    await page.getByText('You’re back online').waitFor();
    assert.equal(await offlineMessages(page), 0);
    await context.close();
  });

  test('answers an unknown path with the helpful 404 inside the shell', async () => {
    const { page, context, errors } = await app.openPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'We couldn’t find that page' }).waitFor();
    await page.getByRole('link', { name: 'Back to Explore' }).click();
    await page.getByRole('heading', { name: 'Explore places' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('Explore and 404 pass axe and do not scroll sideways at 390 and 1280 px', async () => {
    const { page, context } = await app.openPage();
    await page.goto('/');
    await checkScreen(page, 'Explore', () => page.getByRole('heading', { name: 'Explore places' }).waitFor());
    await page.goto('/missing');
    await checkScreen(page, '404', () => page.getByRole('heading', { name: 'We couldn’t find that page' }).waitFor());
    await context.close();
  });
});
