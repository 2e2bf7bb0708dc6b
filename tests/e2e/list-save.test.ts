import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { createMember, signInWithForm, uniqueEmail, waitForToast } from './support/app-server.ts';
import { assertAccessible } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';

// "Save" on Explore's cards and on the map's preview of a place (phones), with the demo data:
// the picker loads on demand, opens within 100 ms of a click once loaded, works by keyboard
// alone, and gives focus back to the button that opened it.
describe('saving from Explore in the browser', () => {
  const app = useE2eApp({ demoData: true });
  const password = 'save from explore 1';

  async function member(label: string, name: string) {
    const email = uniqueEmail(label);
    const id = await createMember(app.server, email, password, name);
    const api = app.server.client();
    assert.equal((await api.auth.signInWithPassword({ email, password })).error, null);
    const list = await api.from('lists').insert({ owner_id: id, name: 'Coffee to try' }).select('id').single();
    return { email, id, api, listId: list.data?.id ?? assert.fail(list.error?.message) };
  }
  async function savedPlaces(api: Awaited<ReturnType<typeof member>>['api'], listId: string): Promise<string[]> {
    const { data, error } = await api.rpc('open_list', { list_id: listId });
    assert.equal(error, null);
    return (data as { places: { place: { name: string } }[] }).places.map((p) => p.place.name);
  }
  const noToasts = (page: Page) =>
    page.waitForFunction('document.querySelectorAll("[data-sonner-toast]").length === 0', undefined, { timeout: 15_000 });

  /** Clicks in the page and measures until the picker's dialog, then its first checkbox, is in the document. */
  async function timedOpen(page: Page, label: string): Promise<{ dialog: number; checkbox: number }> {
    // a string, as the page runs it: the tests are compiled without the DOM's types
    return page.evaluate<{ dialog: number; checkbox: number }>(`(async (name) => {
      const button = document.querySelector('button[aria-label="' + name + '"]');
      if (!button) throw new Error('no button ' + name);
      const start = performance.now();
      button.click();
      let dialog = 0;
      for (;;) {
        await new Promise(requestAnimationFrame);
        const found = document.querySelector('[role=dialog]');
        if (found && !dialog) dialog = performance.now() - start;
        if (found?.querySelector('input[type=checkbox]')) return { dialog, checkbox: performance.now() - start };
      }
    })(${JSON.stringify(label)})`);
  }

  test('Save on a card: loads on demand, opens within 100 ms, by keyboard alone, focus comes back', async () => {
    const ada = await member('ada', 'Ada Saver');
    const { page, errors } = await app.openPage();
    page.setDefaultTimeout(30_000);
    await page.goto('/auth/sign-in');
    await signInWithForm(page, ada.email, password);
    await waitForToast(page, 'Welcome, Ada Saver!');
    await page.getByText('75 places in this area').waitFor();
    const cards = page.getByRole('list', { name: 'Places' });
    await cards.getByRole('button', { name: 'Save Monmouth Coffee Company to a list' }).waitFor();
    await noToasts(page);
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await assertAccessible(page, `Explore with Save, ${scheme}`);
    }

    // The first open fetches the picker's chunk; later ones are what a member feels.
    const cold = await timedOpen(page, 'Save Monmouth Coffee Company to a list');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Save to a list' }).waitFor({ state: 'detached' });
    const warm = await timedOpen(page, 'Save Monmouth Coffee Company to a list');
    console.log(
      `picker opens after a click: first ${cold.dialog.toFixed(1)} ms (checkboxes ${cold.checkbox.toFixed(1)} ms), ` +
        `then ${warm.dialog.toFixed(1)} ms (checkboxes ${warm.checkbox.toFixed(1)} ms)`,
    );
    assert.ok(warm.dialog <= 100, `the picker opened ${warm.dialog} ms after the click`);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Save to a list' }).waitFor({ state: 'detached' });

    // Keyboard alone: focus the button, Enter, Space on the list's checkbox, Escape.
    const save = cards.getByRole('button', { name: 'Save Monmouth Coffee Company to a list' });
    await save.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Save to a list' });
    const box = dialog.getByRole('checkbox', { name: /Coffee to try/ });
    await box.waitFor();
    await assertAccessible(page, 'picker from a card');
    await box.focus();
    await page.keyboard.press('Space');
    await page.waitForFunction(`document.querySelector('[role=dialog] input[type=checkbox]')?.checked === true`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate('document.activeElement?.getAttribute("aria-label")'), 'Save Monmouth Coffee Company to a list');
    assert.deepEqual(await savedPlaces(ada.api, ada.listId), ['Monmouth Coffee Company']);
    assert.deepEqual(errors, []);
  });

  test('Save on the map preview of a place (phone)', async () => {
    const ben = await member('ben', 'Ben Saver');
    const { page, errors } = await app.openPage({ width: 390, height: 844 });
    page.setDefaultTimeout(30_000);
    await page.goto('/auth/sign-in');
    await signInWithForm(page, ben.email, password);
    await waitForToast(page, 'Welcome, Ben Saver!');
    await page.getByLabel('Search places').fill('monmouth');
    const pin = page.locator('.leaflet-marker-icon[title="Monmouth Coffee Company"]');
    await pin.click();
    const drawer = page.getByRole('dialog', { name: 'Monmouth Coffee Company' });
    await drawer.getByRole('link', { name: 'View place' }).waitFor();
    // the preview's button comes first, the cards of the list below it
    await drawer.getByRole('button', { name: 'Save Monmouth Coffee Company to a list' }).first().click();
    const picker = page.getByRole('dialog', { name: 'Save to a list' });
    await picker.getByRole('checkbox', { name: /Coffee to try/ }).check();
    await page.waitForFunction(`[...document.querySelectorAll('[role=dialog] input[type=checkbox]')].some((b) => b.checked)`);
    await noToasts(page);
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await assertAccessible(page, `picker over the map preview, ${scheme}`);
    }
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    assert.deepEqual(await savedPlaces(ben.api, ben.listId), ['Monmouth Coffee Company']);
    assert.deepEqual(errors, []);
  });
});
