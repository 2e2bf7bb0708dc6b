import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { createMember, signInWithForm, uniqueEmail, waitForToast } from './support/app-server.ts';
import { assertAccessible, dismissToasts } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';

// Lists in Chromium, against the app's own project with its demo data: make a list, save
// places to it with the picker (keyboard alone), reorder by keyboard, invite a second member
// who edits while the first sees it live, follow it as a third, export it as GeoJSON.
describe('lists in the browser', () => {
  const app = useE2eApp({ demoData: true });
  const password = 'correct horse battery';

  async function placeId(name: string): Promise<string> {
    const { data, error } = await app.server.admin().from('places').select('id').eq('name', name).single();
    assert.equal(error, null);
    return (data as { id: string }).id;
  }
  async function signedIn(label: string, displayName: string) {
    const email = uniqueEmail(label);
    const id = await createMember(app.server, email, password, displayName);
    const { data } = await app.server.admin().from('profiles').select('username').eq('id', id).single();
    const opened = await app.openPage();
    await opened.page.goto('/auth/sign-in');
    await signInWithForm(opened.page, email, password);
    await waitForToast(opened.page, `Welcome, ${displayName}!`);
    return { ...opened, id, email, username: (data as { username: string }).username };
  }
  const entries = (page: Page) => page.getByRole('list', { name: 'Places on this list' }).getByRole('listitem');

  test('create, save three places, reorder, share with an editor live, follow, export', async () => {
    const ada = await signedIn('ada', 'Ada Lovelace');
    const { page } = ada;

    // A public list, made on /lists.
    await page.getByRole('banner').getByRole('link', { name: 'Lists' }).click();
    await page.getByRole('heading', { level: 1, name: 'Lists' }).waitFor();
    await page
      .getByRole('list', { name: 'My lists' })
      .getByRole('link', { name: /Starred/ })
      .waitFor();
    await dismissToasts(page);
    await assertAccessible(page, 'Lists');
    await page.getByLabel('List name').fill('Paris classics');
    await page.getByLabel(/Public/).check();
    await page.getByRole('button', { name: 'Create list' }).click();
    await page.getByRole('heading', { level: 1, name: 'Paris classics' }).waitFor();
    const listPath = new URL(page.url()).pathname;

    // The picker by keyboard alone on three places.
    for (const name of ['Eiffel Tower', 'Louvre Museum', 'Café de Flore']) {
      await page.goto(`/places/${await placeId(name)}`);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.getByRole('button', { name: `Save ${name} to a list` }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Save to a list' });
      const box = dialog.getByRole('checkbox', { name: /Paris classics/ });
      await box.waitFor();
      if (name === 'Eiffel Tower') {
        await dismissToasts(page);
        await assertAccessible(page, 'Save picker');
      }
      await box.focus();
      await page.keyboard.press('Space');
      await page.waitForFunction(`document.querySelector('[role=dialog] input[type=checkbox]')?.checked === true`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }

    await page.goto(listPath);
    await entries(page).nth(2).waitFor();
    assert.deepEqual(await entries(page).getByRole('link').allTextContents(), ['Eiffel Tower', 'Louvre Museum', 'Café de Flore']);
    await dismissToasts(page);
    await assertAccessible(page, 'List');
    // Keyboard reordering: Café de Flore moves up once.
    await page.getByRole('button', { name: 'Move Café de Flore up' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      `[...document.querySelectorAll('[aria-label="Places on this list"] > li a')].map((a) => a.textContent).join('|') === 'Eiffel Tower|Café de Flore|Louvre Museum'`,
    );

    // Ben is invited by username, accepts from /lists, and edits a note; Ada sees it live.
    const ben = await signedIn('ben', 'Ben Franklin');
    await page.getByLabel('Invite by username').fill(ben.username);
    await page.getByRole('button', { name: 'Invite' }).click();
    await waitForToast(page, `Invited @${ben.username}`);
    await ben.page.goto('/lists');
    await ben.page
      .getByRole('list', { name: 'Shared with me' })
      .getByRole('link', { name: /Paris classics/ })
      .click();
    await ben.page.getByRole('region', { name: 'Invitation' }).getByRole('button', { name: 'Accept' }).click();
    await waitForToast(ben.page, 'You joined the list');
    await page.getByText('Ben Franklin is here').waitFor();
    await ben.page.getByText('Ada Lovelace is here').waitFor();
    const note = ben.page.getByLabel('Note on Louvre Museum');
    await note.fill('Go on a Friday evening.');
    await note.blur();
    await waitForToast(ben.page, 'Note saved');
    await page.waitForFunction(
      `document.getElementById('${await page.getByLabel('Note on Louvre Museum').getAttribute('id')}')?.value === 'Go on a Friday evening.'`,
    );

    // Cleo follows the public list; it appears under Followed.
    const cleo = await signedIn('cleo', 'Cleo Park');
    await cleo.page.goto(listPath);
    await cleo.page.getByRole('heading', { level: 1, name: 'Paris classics' }).waitFor();
    await cleo.page.getByRole('button', { name: 'Follow' }).click();
    await waitForToast(cleo.page, 'Following this list');
    await cleo.page.goto('/lists');
    await cleo.page
      .getByRole('list', { name: 'Followed lists' })
      .getByRole('link', { name: /Paris classics/ })
      .waitFor();

    // Export as GeoJSON and read it back.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'GeoJSON' }).click();
    const file = await (await download).path();
    const geojson = JSON.parse(await readFile(file, 'utf8')) as { features: { properties: { name: string; note: string } }[] };
    assert.deepEqual(
      geojson.features.map((f) => [f.properties.name, f.properties.note]),
      [
        ['Eiffel Tower', ''],
        ['Café de Flore', ''],
        ['Louvre Museum', 'Go on a Friday evening.'],
      ],
    );
    for (const opened of [ada, ben, cleo]) {
      assert.deepEqual(opened.errors, []);
      await opened.context.close();
    }
  });
  test('import a Takeout file: a matched row, a new row and a broken row, previewed before writing', async () => {
    const dora = await signedIn('dora', 'Dora Maar');
    const { page } = dora;
    const { data } = await app.server.admin().from('places').select('lat, lng').eq('name', 'Eiffel Tower').single();
    const eiffel = data as { lat: number; lng: number };
    const takeout = {
      type: 'FeatureCollection',
      features: [
        // 20 m from the pin, as Google places it
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [eiffel.lng, eiffel.lat + 0.00018] },
          properties: { location: { name: 'Eiffel Tower' } },
        },
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [2.3601, 48.8702] },
          properties: { location: { name: 'Tiny corner bakery' }, Comment: 'Croissants' },
        },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] }, properties: { location: { name: 'Broken row' } } },
      ],
    };
    await page.goto('/lists');
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import places' });
    await dialog
      .getByLabel('File')
      .setInputFiles({ name: 'Saved Places.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(takeout)) });
    const preview = dialog.getByRole('list', { name: 'Import preview' });
    await preview.waitFor();
    assert.deepEqual(await preview.getByRole('listitem').allTextContents(), ['1 matched', '1 new', '1 unreadable']);
    await dialog.getByText('Row 3 (Broken row) has no coordinates, and no Pinstar place is named like it.').waitFor();
    const eiffelRow = dialog.getByRole('list', { name: 'Rows to import' }).getByRole('listitem').filter({ hasText: 'Eiffel Tower' });
    await eiffelRow.getByText('Matched to Eiffel Tower (by place within 75 m)').waitFor();
    await assertAccessible(page, 'Import preview');
    await dialog.getByRole('button', { name: 'Import into a new list' }).click();
    await page.getByRole('heading', { level: 1, name: 'Saved Places' }).waitFor();
    await entries(page).nth(1).waitFor();
    assert.deepEqual(await entries(page).getByRole('link').allTextContents(), ['Eiffel Tower', 'Tiny corner bakery']);
    assert.deepEqual(dora.errors, []);
    await dora.context.close();
  });
});
