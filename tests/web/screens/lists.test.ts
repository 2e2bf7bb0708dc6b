import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useWebApp } from '../support/app.ts';

// A list page's places and a removal that the list shows at once and takes back when the
// server refuses it, with the catalogue's words in one toast — the mutation hook, its
// optimistic update and the app's one error path, on the real providers without a browser.
describe('a list page', () => {
  const { app, rtl } = useWebApp();

  async function listWithPlaces(names: string[]) {
    const member = await app.createMember('lister');
    const api = app.server.client();
    assert.equal((await api.auth.signInWithPassword({ email: member.email, password: member.password })).error, null);
    const list = await api.from('lists').insert({ name: 'Day out' }).select('id').single();
    assert.equal(list.error, null);
    const listId = (list.data as { id: string }).id;
    for (const [i, name] of names.entries()) {
      const place = await api
        .from('places')
        .insert({ name, category: 'museum', lat: 48.85 + i / 100, lng: 2.35 })
        .select('id')
        .single();
      assert.equal(place.error, null);
      const added = await api
        .from('list_places')
        .insert({ list_id: listId, place_id: (place.data as { id: string }).id, added_by: member.id });
      assert.equal(added.error, null);
    }
    await app.signIn(member.email, member.password);
    return { listId, api };
  }

  const shown = () =>
    rtl
      .within(rtl.screen.getByRole('list', { name: 'Places on this list' }))
      .getAllByRole('link')
      .map((link) => link.textContent?.trim());

  test('a place taken off leaves at once; a refused removal comes back and says why, once', async () => {
    const names = ['Musée Un', 'Musée Deux', 'Musée Trois'];
    const { listId, api } = await listWithPlaces(names);
    // Each removal waits here until the test lets it go, so what shows before the answer can be seen.
    let release: (reply: 'pass' | 'refuse') => void = () => undefined;
    app.intercept(async (request) => {
      if (request.method !== 'DELETE' || !request.url.includes('/rest/v1/list_places')) return undefined;
      const reply = await new Promise<'pass' | 'refuse'>((resolve) => (release = resolve));
      if (reply === 'pass') return undefined;
      const body = { code: '42501', message: 'permission denied for table list_places', details: null, hint: null };
      return new Response(JSON.stringify(body), { status: 403, headers: { 'content-type': 'application/json' } });
    });
    await app.render(`/lists/${listId}`);
    await rtl.screen.findByRole('heading', { level: 1, name: 'Day out' });
    await rtl.waitFor(() => assert.deepEqual(shown(), names));

    await app.user.click(rtl.screen.getByRole('button', { name: 'Remove Musée Deux from the list' }));
    await rtl.waitFor(() => assert.deepEqual(shown(), [names[0], names[2]], 'gone before the server answers'));
    release('pass');
    await rtl.waitFor(async () => {
      const { data } = await api.from('list_places').select('place_id').eq('list_id', listId);
      assert.equal(data?.length, 2);
    });

    await app.user.click(rtl.screen.getByRole('button', { name: 'Remove Musée Un from the list' }));
    await rtl.waitFor(() => assert.deepEqual(shown(), [names[2]]));
    release('refuse');
    await rtl.screen.findByRole('button', { name: 'Remove Musée Un from the list' });
    assert.deepEqual(shown(), [names[0], names[2]], 'back in its place');
    await rtl.waitFor(() => assert.deepEqual(app.toasts().filter((t) => t.includes('You don’t have permission to do that.')).length, 1));
  });

  test('a list deleted from its own page: the app goes to the lists and asks nothing more about it', async () => {
    const { listId } = await listWithPlaces(['Musée Quatre']);
    const asked: string[] = [];
    let deleted = false;
    app.intercept(async (request) => {
      const body = request.body ? await request.clone().text() : '';
      if (deleted && `${request.url} ${body}`.includes(listId)) asked.push(`${request.method} ${request.url} ${body}`);
      if (request.method === 'DELETE' && request.url.includes('/rest/v1/lists')) deleted = true;
      return undefined;
    });
    await app.render(`/lists/${listId}`);
    await rtl.screen.findByRole('heading', { level: 1, name: 'Day out' });
    await app.user.click(rtl.screen.getByRole('button', { name: 'List settings' }));
    await app.user.click(await rtl.screen.findByRole('button', { name: 'Delete list…' }));
    const confirm = await rtl.screen.findByRole('alertdialog', { name: 'Delete “Day out”?' });
    await rtl.within(confirm).findByText(/This deletes its 1 place, 0 notes and 0 followers\./);
    await app.user.click(rtl.within(confirm).getByRole('button', { name: 'Delete list' }));
    await rtl.waitFor(() => assert.equal(window.location.pathname, '/lists'));
    await rtl.waitFor(() => assert.ok(app.toasts().includes('List deleted')));
    assert.ok(deleted);
    // the list page has closed; whatever it had asked for stays unasked
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(asked, []);
  });
});
