import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { createMember, signInWithForm, uniqueEmail, waitForToast } from './support/app-server.ts';
import { assertAccessible, waitForFocusOn } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';
import { bigListCsv } from './support/list-files.ts';
import { holdRealtimeTopic } from './support/realtime.ts';

// "Save" on Explore's cards and on the map's preview of a place (phones), with the demo data:
// the picker loads on demand, its code and the member's lists fetched before the first click,
// works by keyboard alone, and gives focus back to the button that opened it. How fast it opens,
// how long a 2,000-row import takes and whether scrolling a long list has long tasks are goals
// that follow the machine's load: `npm run bench:interactions` measures them (decision 424).
describe('saving from Explore in the browser', () => {
  const app = useE2eApp({ demoData: true });
  const password = 'save from explore 1';
  // A place on Explore's first page of cards, opened on the whole world: the 20 most reviewed,
  // the higher mean first. Places equal on both come in the order of their ids, random in each
  // database, so the place must be on the first page whichever order its equals take.
  const cardPlace = 'British Museum';
  async function assertOnFirstPage(name: string) {
    const admin = app.server.admin();
    const place = await admin.from('places').select('rating_count, rating_avg').eq('name', name).single();
    assert.equal(place.error, null);
    const { rating_count: reviews, rating_avg: mean } = place.data!;
    const { count, error } = await admin
      .from('places')
      .select('id', { count: 'exact', head: true })
      .or(`rating_count.gt.${reviews},and(rating_count.eq.${reviews},rating_avg.gte.${mean})`);
    assert.equal(error, null);
    assert.ok(
      count! <= 20,
      `${name} is on the first page of cards whatever the order of its equals (${count} places rank with or before it)`,
    );
  }

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

  /** Clicks in the page and waits until the picker's dialog and its first checkbox are in the document. */
  async function clickOpen(page: Page, label: string): Promise<void> {
    // a string, as the page runs it: the tests are compiled without the DOM's types
    await page.evaluate(`(async (name) => {
      const button = document.querySelector('button[aria-label="' + name + '"]');
      if (!button) throw new Error('no button ' + name);
      button.click();
      for (;;) {
        await new Promise(requestAnimationFrame);
        if (document.querySelector('[role=dialog] input[type=checkbox]')) return;
      }
    })(${JSON.stringify(label)})`);
  }

  test('Save on a card: loads on demand, its code and lists in before the click, by keyboard alone, focus comes back', async () => {
    const ada = await member('ada', 'Ada Saver');
    await assertOnFirstPage(cardPlace);
    const { page, errors } = await app.openPage();
    page.setDefaultTimeout(30_000);
    await page.goto('/auth/sign-in');
    await signInWithForm(page, ada.email, password);
    await waitForToast(page, 'Welcome, Ada Saver!');
    await page.getByText('75 places in this area').waitFor();
    const cards = page.getByRole('list', { name: 'Places' });
    await cards.getByRole('button', { name: `Save ${cardPlace} to a list` }).waitFor();
    await noToasts(page);
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await assertAccessible(page, `Explore with Save, ${scheme}`);
    }

    // What the page fetched before the first click: the picker's chunk and the member's lists.
    const pickerReady = await page.evaluate<{ chunk: boolean; lists: boolean }>(`(() => {
      const names = performance.getEntriesByType('resource').map((e) => e.name);
      return {
        chunk: names.some((n) => /\\/save-picker-[^/]*\\.js$/.test(n)),
        lists: names.some((n) => n.includes('/rest/v1/lists?') && n.includes('owner_id=eq.')),
      };
    })()`);
    // The chunk and the member's lists are fetched while the page is idle, so even the first
    // click only opens a dialog: both were in before it (what the click waits for is the same
    // on any machine; how long it takes depends on the machine: bench:interactions).
    assert.ok(pickerReady.chunk, 'the picker chunk was fetched before the click');
    assert.ok(pickerReady.lists, "the member's lists were fetched before the click");
    await clickOpen(page, `Save ${cardPlace} to a list`);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Save to a list' }).waitFor({ state: 'detached' });
    await clickOpen(page, `Save ${cardPlace} to a list`);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Save to a list' }).waitFor({ state: 'detached' });

    // Keyboard alone: focus the button, Enter, Space on the list's checkbox, Escape.
    const save = cards.getByRole('button', { name: `Save ${cardPlace} to a list` });
    await save.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Save to a list' });
    const box = dialog.getByRole('checkbox', { name: /Coffee to try/ });
    await box.waitFor();
    await assertAccessible(page, 'picker from a card');
    await box.focus();
    await page.keyboard.press('Space');
    // Checked, and counted once the server has it (the count is the list's, read back).
    await page.waitForFunction(
      `[...document.querySelectorAll('[role=dialog] label')].some((l) => l.textContent.includes('Coffee to try') && l.querySelector('input').checked && l.lastElementChild.textContent === '1')`,
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await waitForFocusOn(page, `Save ${cardPlace} to a list`);
    assert.deepEqual(await savedPlaces(ada.api, ada.listId), [cardPlace]);
    assert.deepEqual(errors, []);
  });

  test('New list in the picker: its form has loaded with the picker, and the new list holds the place', async () => {
    const ben = await member('ben', 'Ben Saver');
    const { page, errors } = await app.openPage();
    await page.goto('/auth/sign-in');
    await signInWithForm(page, ben.email, password);
    await waitForToast(page, 'Welcome, Ben Saver!');
    await page.getByRole('button', { name: `Save ${cardPlace} to a list` }).click();
    const dialog = page.getByRole('dialog', { name: 'Save to a list' });
    await dialog.getByRole('checkbox', { name: /Coffee to try/ }).waitFor();
    await page.waitForFunction(
      `performance.getEntriesByType('resource').some((e) => /\\/new-list-form-[^/]*\\.js$/.test(e.name))`,
      undefined,
      { timeout: 10_000 },
    );
    await dialog.getByRole('button', { name: 'New list' }).click();
    await dialog.getByLabel('List name').fill('Rainy days');
    await dialog.getByRole('button', { name: 'Create list' }).click();
    const created = dialog.getByRole('checkbox', { name: /Rainy days/ });
    await created.waitFor();
    // Checked, and counted once the server has it (the count is the list's, read back).
    await page.waitForFunction(
      `[...document.querySelectorAll('[role=dialog] label')].some((l) => l.textContent.includes('Rainy days') && l.querySelector('input').checked && l.lastElementChild.textContent === '1')`,
    );
    const { data, error } = await ben.api.from('lists').select('id').eq('owner_id', ben.id).eq('name', 'Rainy days').single();
    assert.equal(error, null);
    const saved = await savedPlaces(ben.api, data!.id);
    assert.deepEqual(saved, [cardPlace]);
    assert.deepEqual(errors, []);
  });

  test('a list being named stays when the map arrives meanwhile, though the picker opened before its code had come', async () => {
    const cy = await member('cy', 'Cy Saver');
    const { page, errors } = await app.openPage();
    // The picker's code and the map's come late, as on a slow network: the dialog opens once its
    // code is there, and the map, arriving while a list is being named, writes Explore's URL.
    let releasePicker: () => void = () => undefined;
    let releaseMap: () => void = () => undefined;
    const pickerHeld = new Promise<void>((resolve) => (releasePicker = resolve));
    const mapHeld = new Promise<void>((resolve) => (releaseMap = resolve));
    await page.route(/\/save-picker-[\w-]+\.js$/, async (route) => {
      await pickerHeld;
      await route.continue();
    });
    await page.route(/\/places-map-[\w-]+\.js$/, async (route) => {
      await mapHeld;
      await route.continue();
    });
    await page.goto('/auth/sign-in');
    await signInWithForm(page, cy.email, password);
    await waitForToast(page, 'Welcome, Cy Saver!');
    await page.getByRole('button', { name: `Save ${cardPlace} to a list` }).click();
    const dialog = page.getByRole('dialog', { name: 'Save to a list' });
    releasePicker();
    await dialog.getByRole('button', { name: 'New list' }).click();
    await dialog.getByLabel('List name').fill('Rainy days');
    // The map sets up and reports its first view (Explore's state and URL) in the task that draws
    // its first pins, and Explore renders again.
    releaseMap();
    await page.locator('.leaflet-marker-icon').first().waitFor();
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    assert.equal(await dialog.getByLabel('List name').inputValue(), 'Rainy days', 'the name typed is still there');
    await dialog.getByRole('button', { name: 'Create list' }).click();
    await dialog.getByRole('checkbox', { name: /Rainy days/ }).waitFor();
    const { data, error } = await cy.api.from('lists').select('id').eq('owner_id', cy.id).eq('name', 'Rainy days').single();
    assert.equal(error, null);
    await page.waitForFunction(
      `[...document.querySelectorAll('[role=dialog] label')].some((l) => l.textContent.includes('Rainy days') && l.querySelector('input').checked && l.lastElementChild.textContent === '1')`,
    );
    assert.deepEqual(await savedPlaces(cy.api, data!.id), [cardPlace]);
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
    // checked, and counted once the server has it (the count is the list's, read back)
    await page.waitForFunction(
      `[...document.querySelectorAll('[role=dialog] label')].some((l) => l.textContent.includes('Coffee to try') && l.querySelector('input').checked && l.lastElementChild.textContent === '1')`,
    );
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

  test('a 2,000-row import matches with a progress bar into a new list of its places; the broken row is named', async () => {
    const cleo = await member('cleo', 'Cleo Lister');
    const csv = await bigListCsv(app.server);
    const { page, errors } = await app.openPage();
    page.setDefaultTimeout(60_000);
    await page.goto('/auth/sign-in?next=%2Flists');
    await signInWithForm(page, cleo.email, password);
    await page.waitForURL((url) => url.pathname === '/lists');
    await page
      .getByRole('list', { name: 'My lists' })
      .getByRole('link', { name: /Coffee to try/ })
      .waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import places' });
    await dialog.getByLabel('File').setInputFiles({ name: 'Big list.csv', mimeType: 'text/csv', buffer: csv.file });
    await dialog.getByRole('progressbar', { name: 'Matching places' }).waitFor();
    const preview = dialog.getByRole('list', { name: 'Import preview' });
    await preview.waitFor();
    assert.deepEqual(await preview.getByRole('listitem').allTextContents(), ['1999 matched', '0 new', '1 unreadable']);
    await dialog.getByText('Row 1234 (No place) has no coordinates, and no Pinstar place is named like it.').waitFor();
    await dialog.getByRole('button', { name: 'Import into a new list' }).click();
    await page.getByRole('heading', { level: 1, name: 'Big list' }).waitFor();
    await page.locator(`[aria-label="Places on this list"] > li[aria-posinset="1"][aria-setsize="${csv.places}"]`).waitFor();
    assert.equal((await savedPlaces(cleo.api, cleo.listId)).length, 0, 'the import made a new list');
    assert.deepEqual(errors, []);
  });

  test('reorder by dragging with a pointer or the keyboard, and by Move down; an editor with the list open sees each live', async () => {
    const dan = await member('dan', 'Dan Dragger');
    const eve = await member('eve', 'Eve Editor');
    const names = ['British Museum', 'Hyde Park', 'Monmouth Coffee Company'];
    const nameOf = new Map<string, string>();
    for (const name of names) {
      const place = (await app.server.admin().from('places').select('id').eq('name', name).single()).data as { id: string };
      nameOf.set(place.id, name);
      assert.equal((await dan.api.from('list_places').insert({ list_id: dan.listId, place_id: place.id, added_by: dan.id })).error, null);
    }
    const invited = await dan.api.from('list_members').insert({ list_id: dan.listId, user_id: eve.id, role: 'editor', invited_by: dan.id });
    assert.equal(invited.error, null);
    assert.equal((await eve.api.from('list_members').update({ accepted_at: new Date().toISOString() }).eq('user_id', eve.id)).error, null);

    const open = async (who: { email: string }) => {
      const tracked = await app.openPage();
      tracked.page.setDefaultTimeout(30_000);
      await tracked.page.goto(`/auth/sign-in?next=${encodeURIComponent(`/lists/${dan.listId}`)}`);
      await signInWithForm(tracked.page, who.email, password);
      await tracked.page.getByRole('heading', { level: 1, name: 'Coffee to try' }).waitFor();
      return tracked;
    };
    const owner = await open(dan);
    const editor = await open(eve);
    const { page } = owner;
    await page.locator('[data-drag-handle="Monmouth Coffee Company"]').waitFor();
    await noToasts(page);
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await assertAccessible(page, `list with drag handles, ${scheme}`);
    }

    // Pointer: the third place's handle onto the first place.
    const from = await page.locator('[data-drag-handle="Monmouth Coffee Company"]').boundingBox();
    const to = await page.locator('[data-drag-handle="British Museum"]').boundingBox();
    assert.ok(from && to);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 10 });
    await page.mouse.up();
    const dragged = ['Monmouth Coffee Company', 'British Museum', 'Hyde Park'];
    await page.waitForFunction(
      `[...document.querySelectorAll('[aria-label="Places on this list"] li a')].map((a) => a.textContent).join('|') === ${JSON.stringify(dragged.join('|'))}`,
    );
    // The owner's page moves the place at once, before its write is answered; the editor's
    // page shows the new order only once the server has it (the broadcast of the stored row).
    await editor.page.waitForFunction(
      `[...document.querySelectorAll('[aria-label="Places on this list"] li a')].map((a) => a.textContent).join('|') === ${JSON.stringify(dragged.join('|'))}`,
    );
    assert.deepEqual(await savedPlaces(dan.api, dan.listId), dragged);

    // The keyboard's way, Move down, writes the same kind of position, seen live as well.
    await page.getByRole('button', { name: 'Move Monmouth Coffee Company down' }).click();
    const moved = ['British Museum', 'Monmouth Coffee Company', 'Hyde Park'];
    await editor.page.waitForFunction(
      `[...document.querySelectorAll('[aria-label="Places on this list"] li a')].map((a) => a.textContent).join('|') === ${JSON.stringify(moved.join('|'))}`,
    );
    assert.deepEqual(await savedPlaces(dan.api, dan.listId), moved);

    // Dragging by keyboard: Space picks the focused handle up, the arrow keys move it, Space
    // drops it, Escape puts it back; each step is announced with the place's name.
    const announced = (text: string) =>
      page.waitForFunction(
        `[...document.querySelectorAll('[id^="DndLiveRegion"]')].some((r) => r.textContent === ${JSON.stringify(text)})`,
      );
    // dnd-kit's keyboard sensor starts listening for the arrow keys on a timer queued at the
    // pick-up (so the Space that picked up does not also drop): a key sent in that same instant,
    // as only a script can, would be missed. A timer queued after it runs after it.
    const pickUp = async (name: string, position: string) => {
      await page.getByRole('button', { name: `Drag ${name} to reorder` }).focus();
      await page.keyboard.press('Space');
      await announced(`Picked up ${name}, ${position}.`);
      await page.evaluate('new Promise((resolve) => setTimeout(resolve))');
    };
    const shown = (order: string[]) =>
      page.waitForFunction(
        `[...document.querySelectorAll('[aria-label="Places on this list"] li a')].map((a) => a.textContent).join('|') === ${JSON.stringify(order.join('|'))}`,
      );
    assert.equal(await page.getByRole('button', { name: 'Drag Hyde Park to reorder' }).getAttribute('aria-roledescription'), 'sortable');
    await pickUp('Hyde Park', 'position 3 of 3');
    await page.keyboard.press('ArrowUp');
    await announced('Hyde Park moved to position 2 of 3.');
    await page.keyboard.press('ArrowUp');
    await announced('Hyde Park moved to position 1 of 3.');
    await page.keyboard.press('Space');
    await announced('Hyde Park dropped at position 1 of 3.');
    const keyed = ['Hyde Park', 'British Museum', 'Monmouth Coffee Company'];
    await shown(keyed);
    await editor.page.waitForFunction(
      `[...document.querySelectorAll('[aria-label="Places on this list"] li a')].map((a) => a.textContent).join('|') === ${JSON.stringify(keyed.join('|'))}`,
    );
    // the stored positions, read as a client reads them, put the places in the new order
    const stored = async () => {
      const { data, error } = await dan.api.from('list_places').select('place_id, position').eq('list_id', dan.listId).order('position');
      assert.equal(error, null);
      return (data ?? []).map((row) => nameOf.get(row.place_id));
    };
    assert.deepEqual(await stored(), keyed);
    assert.equal(await page.evaluate('document.activeElement?.getAttribute("data-drag-handle")'), 'Hyde Park');

    // Escape cancels: the place goes back and nothing is written.
    await pickUp('Monmouth Coffee Company', 'position 3 of 3');
    await page.keyboard.press('ArrowUp');
    await announced('Monmouth Coffee Company moved to position 2 of 3.');
    await page.keyboard.press('Escape');
    await announced('Moving Monmouth Coffee Company was cancelled.');
    await shown(keyed);
    assert.deepEqual(await stored(), keyed);
    assert.deepEqual(owner.errors, []);
    assert.deepEqual(editor.errors, []);
  });

  test("a place saved while an editor is still joining the list's live topic shows on their open list", async () => {
    const gil = await member('gil', 'Gil Owner');
    const hal = await member('hal', 'Hal Editor');
    const invited = await gil.api.from('list_members').insert({ list_id: gil.listId, user_id: hal.id, role: 'editor', invited_by: gil.id });
    assert.equal(invited.error, null);
    assert.equal((await hal.api.from('list_members').update({ accepted_at: new Date().toISOString() }).eq('user_id', hal.id)).error, null);
    const { page, errors } = await app.openPage();
    page.setDefaultTimeout(30_000);
    // The editor's page reaches the realtime server, but its join of the list's topic is held
    // back (with whatever follows on that topic) until released: the list is read and shown
    // first, as on a slow phone, where the realtime chunk and the join can come after the read.
    const hold = await holdRealtimeTopic(page, `list:${gil.listId}`);
    await page.goto(`/auth/sign-in?next=${encodeURIComponent(`/lists/${gil.listId}`)}`);
    await signInWithForm(page, hal.email, password);
    await page.getByRole('heading', { level: 1, name: 'Coffee to try' }).waitFor();
    await page.getByText('No places yet').waitFor();
    await hold.joining;

    const place = (await app.server.admin().from('places').select('id').eq('name', 'Hyde Park').single()).data as { id: string };
    assert.equal((await gil.api.from('list_places').insert({ list_id: gil.listId, place_id: place.id, added_by: gil.id })).error, null);
    hold.release();
    await page.getByRole('list', { name: 'Places on this list' }).getByRole('link', { name: 'Hyde Park' }).waitFor();
    assert.deepEqual(errors, []);
  });

  test('a list of 1,000 places: windowed while it opens and scrolls, Move keeps focus', async () => {
    const fay = await member('fay', 'Fay Reader');
    await app.server.db.transaction({ kind: 'system' }, async (tx) => {
      await tx.query(
        `with made as (
           insert into public.places (name, category, lat, lng, created_by)
           select 'Stop ' || i, 'cafe', 51.5 + i / 100000.0, -0.12, $2 from generate_series(1, 1000) i returning id, name)
         insert into public.list_places (list_id, place_id, added_by, note, position)
         select $1, id, $2, 'Note for ' || name, row_number() over (order by name) from made`,
        [fay.listId, fay.id],
      );
    });
    const { page, errors } = await app.openPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`/auth/sign-in?next=${encodeURIComponent('/lists')}`);
    await signInWithForm(page, fay.email, password);
    await page.waitForURL((url) => url.pathname === '/lists');
    const rows = '[aria-label="Places on this list"] > li';
    await page.goto(`/lists/${fay.listId}`);
    await page.locator(`${rows}[aria-posinset="1"][aria-setsize="1000"]`).waitFor();
    const inDocument = () => page.evaluate<number>(`document.querySelectorAll('${rows}').length`);
    const atFirst = await inDocument();
    // Top to bottom, a screen at a time, noting how many rows the document holds.
    const most = await page.evaluate<number>(`(async () => {
      let most = 0;
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise(requestAnimationFrame);
        most = Math.max(most, document.querySelectorAll('${rows}').length);
      }
      return most;
    })()`);
    // Windowed: a screenful and its margin, not a thousand rows (so the work per screen is a
    // handful of rows; whether scrolling has long tasks is measured by bench:interactions).
    assert.ok(atFirst > 0 && atFirst <= 60, `${atFirst} rows in the document`);
    assert.ok(most <= 60, `${most} rows in the document while scrolling`);

    // The last place is reachable, announced as the last of 1,000, and Move up keeps focus on it.
    const last = page.locator(`${rows}[aria-posinset="1000"]`);
    await last.waitFor();
    const lastName = await last.getByRole('link').first().textContent();
    assert.equal(lastName, 'Stop 999');
    await page.getByRole('button', { name: 'Move Stop 999 up' }).focus();
    await page.keyboard.press('Enter');
    await page.locator(`${rows}[aria-posinset="999"]`).getByRole('link', { name: 'Stop 999' }).waitFor();
    await page.waitForFunction(`document.activeElement?.getAttribute('aria-label') === 'Move Stop 999 up'`);
    await page.keyboard.press('Enter');
    await page.locator(`${rows}[aria-posinset="998"]`).getByRole('link', { name: 'Stop 999' }).waitFor();
    await page.waitForFunction(`document.activeElement?.getAttribute('aria-label') === 'Move Stop 999 up'`);
    // Back at the top, the first place moved down keeps focus as well.
    await page.evaluate('window.scrollTo(0, 0)');
    await page.getByRole('button', { name: 'Move Stop 1 down' }).focus();
    await page.keyboard.press('Enter');
    await page.locator(`${rows}[aria-posinset="2"]`).getByRole('link', { name: 'Stop 1', exact: true }).waitFor();
    await page.waitForFunction(`document.activeElement?.getAttribute('aria-label') === 'Move Stop 1 down'`);
    assert.deepEqual(errors, []);
  });
});
