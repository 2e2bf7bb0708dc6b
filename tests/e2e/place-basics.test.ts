import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { createMember, signInWithForm, uniqueEmail, waitForToast } from './support/app-server.ts';
import { viewports } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';

// Places and lists people keep up to date, in Chromium against the demo data: a place's hours
// in its own zone with its contact and directions, a suggested edit accepted by the place's
// creator with the history and the notice, Explore's phone layout and "Open now", a profile's
// order, list settings, and an import into an existing list.
describe('places and lists kept up to date, in the browser', () => {
  const app = useE2eApp({ demoData: true });
  const password = 'correct horse battery';

  async function placeId(name: string): Promise<string> {
    const { data, error } = await app.server.admin().from('places').select('id').eq('name', name).single();
    assert.equal(error, null);
    return (data as { id: string }).id;
  }
  async function signIn(page: Page, email: string, pass: string) {
    await page.goto('/auth/sign-in');
    await signInWithForm(page, email, pass);
    await waitForToast(page, /Welcome/);
  }

  test('a place’s hours in its own zone, tap to call, website, price and directions', async () => {
    const { page, context, errors } = await app.openPage(viewports.desktop);
    // Tuesday 1 December 2026, 22:00 in Paris (21:00 UTC): the Eiffel Tower is open until 23:45
    await page.clock.setFixedTime(new Date('2026-12-01T21:00:00Z'));
    await page.goto(`/places/${await placeId('Eiffel Tower')}`);
    await page.getByRole('heading', { level: 1, name: 'Eiffel Tower' }).waitFor();
    const header = page.locator('article header');
    await header.getByText('Open now').waitFor();
    assert.match(await header.locator('summary').innerText(), /Open now\s*· closes 23:45/);
    await header.locator('summary').click();
    const table = page.getByRole('table', { name: /Opening hours \(Europe\/Paris time\)/ });
    assert.equal((await table.getByRole('row').count()) >= 7, true);
    assert.match(await table.getByRole('row', { name: /Tuesday/ }).innerText(), /9:30–23:45/);
    assert.equal(await page.getByRole('link', { name: /Call/ }).getAttribute('href'), 'tel:+33892701239');
    assert.equal(await page.getByRole('link', { name: /toureiffel\.paris/ }).getAttribute('href'), 'https://www.toureiffel.paris/');
    assert.equal(
      await page.getByRole('link', { name: 'Directions' }).getAttribute('href'),
      'https://www.google.com/maps/dir/?api=1&destination=48.8584%2C2.2945',
    );
    // 00:00 in Paris on Wednesday: closed until 9:30
    await page.clock.setFixedTime(new Date('2026-12-01T23:00:00Z'));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Eiffel Tower' }).waitFor();
    assert.match(await page.locator('article header summary').innerText(), /Closed\s*· Opens at 9:30/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a member suggests a new phone number; the creator accepts it; the history and the notice follow', async () => {
    const email = uniqueEmail('suggester');
    await createMember(app.server, email, password, 'Sol Suggester');
    const place = await placeId('Marché des Enfants Rouges');
    const sol = await app.openPage(viewports.desktop);
    await signIn(sol.page, email, password);
    await sol.page.goto(`/places/${place}`);
    await sol.page.getByRole('link', { name: 'Suggest an edit' }).first().click();
    await sol.page.getByRole('heading', { level: 1, name: 'Suggest an edit' }).waitFor();
    await sol.page.getByLabel('Phone (optional)').fill('+33 1 40 11 20 40');
    await sol.page.getByLabel('Why (optional)').fill('Number on the market’s door.');
    await sol.page.getByRole('button', { name: 'Send suggestion' }).click();
    await waitForToast(sol.page, /Suggestion sent/);
    const waiting = sol.page.getByRole('region', { name: 'Suggestions waiting' });
    await waiting.getByText('Sol Suggester').waitFor();
    // innerText keeps the screen-reader word between the old value and the new one
    assert.match(await waiting.innerText(), /phone: — →\s*became\s*\+33 1 40 11 20 40/);
    // Ada added the place: she accepts it from its page
    const ada = await app.openPage(viewports.desktop);
    await signIn(ada.page, 'ada@pinstar.local', 'pinstar-demo-1');
    await ada.page.goto(`/places/${place}#history`);
    await ada.page.getByRole('region', { name: 'Suggestions waiting' }).getByRole('button', { name: 'Accept' }).click();
    await waitForToast(ada.page, /Suggestion accepted/);
    await ada.page.getByRole('link', { name: /Call/ }).waitFor();
    assert.equal(await ada.page.getByRole('link', { name: /Call/ }).getAttribute('href'), 'tel:+33140112040');
    const history = ada.page.getByRole('list', { name: 'Changes to this place' });
    assert.match(await history.innerText(), /Sol Suggester suggested; accepted by the place’s creator/);
    // the suggester's page follows live, and the bell has the outcome
    await sol.page
      .getByRole('list', { name: 'Changes to this place' })
      .getByText(/accepted by the place’s creator/)
      .waitFor();
    await sol.page.goto('/notifications');
    await sol.page.getByText('Your suggested edit to Marché des Enfants Rouges was accepted.').waitFor();
    assert.deepEqual([...sol.errors, ...ada.errors], []);
    await sol.context.close();
    await ada.context.close();
  });

  test('on a 390×844 phone: one row above the map, Open now behind Filters, the drawer under the top bar, a profile’s people first', async () => {
    const { page, context, errors } = await app.openPage(viewports.mobile);
    await page.goto('/');
    await page.getByRole('button', { name: /Filters/ }).waitFor();
    const search = await page.getByRole('searchbox', { name: 'Search places' }).boundingBox();
    const filters = await page.getByRole('button', { name: /Filters/ }).boundingBox();
    const map = await page.locator('[aria-label^="Map of places"]').first().boundingBox();
    assert.ok(search && filters && map);
    assert.ok(Math.abs(search.y - filters.y) < 4, 'the search and Filters share the row');
    assert.ok(map.y - (search.y + search.height) <= 16, `the map starts right under that row (${map.y} vs ${search.y + search.height})`);
    assert.equal(await page.getByRole('group', { name: 'Category' }).count(), 0, 'the categories wait behind Filters');
    await page.getByRole('button', { name: /Filters/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await dialog.getByLabel('Open now').check();
    await page.waitForURL(/[?&]open=1/);
    await dialog.getByRole('button', { name: /Show \d+ places?/ }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.match(await page.getByRole('button', { name: /Filters/ }).innerText(), /1/);

    // the list drawer fully open leaves the top bar whole
    await page.getByRole('button', { name: /Show list/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Places' });
    await drawer.waitFor();
    await page.waitForFunction(
      `(() => { const d = document.querySelector('[role=dialog]'); return d !== null && d.getAnimations({ subtree: true }).every((a) => a.playState !== 'running'); })()`,
    );
    // by its element: the open drawer is modal, so the page behind it is out of the accessibility tree
    const bar = await page.locator('header').first().boundingBox();
    const top = await drawer.boundingBox();
    assert.ok(bar && top);
    assert.ok(top.y >= bar.y + bar.height - 1, `the drawer (top ${top.y}) ends under the top bar (bottom ${bar.y + bar.height})`);
    await drawer.getByRole('button', { name: 'Close' }).waitFor();

    // a profile: Follow, its counts and the public lists before the reviews
    await page.goto('/u/ada');
    await page.getByRole('heading', { level: 2, name: 'Reviews' }).waitFor();
    const follow = await page
      .getByRole('link', { name: /Sign in to follow/ })
      .or(page.getByText(/followers?/))
      .first()
      .boundingBox();
    const reviews = await page.getByRole('heading', { level: 2, name: 'Reviews' }).boundingBox();
    assert.ok(follow && reviews && follow.y < reviews.y, 'Follow comes before the reviews');
    const lists = page.getByRole('heading', { level: 2, name: 'Lists' });
    if ((await lists.count()) > 0)
      assert.ok(((await lists.boundingBox())?.y ?? Infinity) < reviews.y, 'the public lists come before the reviews');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('list settings: renamed, made private with its follower told, imported into, deleted after naming what goes', async () => {
    const email = uniqueEmail('lister');
    await createMember(app.server, email, password, 'Lee Lister');
    const { page, context, errors } = await app.openPage(viewports.desktop);
    await signIn(page, email, password);
    await page.goto('/lists');
    await page.getByLabel('List name').fill('Paris to try');
    await page.getByLabel(/Public/).check();
    await page.getByRole('button', { name: 'Create list' }).click();
    await page.getByRole('heading', { level: 1, name: 'Paris to try' }).waitFor();

    // import the Google Maps list export into this list
    await page.getByRole('button', { name: 'Import' }).click();
    const importer = page.getByRole('dialog', { name: 'Import places' });
    assert.equal(await importer.getByLabel('Import into').inputValue(), new URL(page.url()).pathname.split('/').pop());
    await importer.getByLabel('File').setInputFiles(path.join(import.meta.dirname, '../fixtures/import/Paris favourites.csv'));
    const preview = importer.getByRole('list', { name: 'Import preview' });
    await preview.waitFor();
    assert.match(await preview.innerText(), /3\s*matched[\s\S]*1\s*new[\s\S]*2\s*unreadable/);
    assert.match(
      await importer.getByRole('alert', { name: 'Unreadable rows' }).innerText(),
      /Row 4 \(Chez Janou\) has no coordinates, and no Pinstar place is named like it\./,
    );
    assert.equal(await importer.getByLabel('Category of Pizzeria Da Nonno').inputValue(), 'restaurant');
    await importer.getByRole('button', { name: 'Import into “Paris to try”' }).click();
    await waitForToast(page, 'Import finished');
    const entries = page.getByRole('list', { name: 'Places on this list' }).getByRole('listitem');
    await page.waitForFunction(`document.querySelectorAll('[aria-label="Places on this list"] li').length >= 4`);
    assert.match(await entries.first().innerText(), /Louvre Museum/);

    // rename and make private
    await page.getByRole('button', { name: 'List settings' }).click();
    const settings = page.getByRole('dialog', { name: 'List settings' });
    await settings.getByLabel('List name').fill('Paris, kept fresh');
    await settings.getByLabel('Description').fill('Checked every month.');
    await settings.getByLabel(/Private/).check();
    await settings.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Paris, kept fresh' }).waitFor();

    // delete: the confirmation names what goes
    await page.getByRole('button', { name: 'List settings' }).click();
    await page.getByRole('button', { name: 'Delete list…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete “Paris, kept fresh”?' });
    await confirm.getByText(/This deletes its 4 places, 2 notes and 0 followers\. It cannot be undone\./).waitFor();
    await confirm.getByRole('button', { name: 'Delete list' }).click();
    await page.waitForURL(/\/lists$/);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
