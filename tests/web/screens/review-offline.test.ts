import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { useWebApp } from '../support/app.ts';

// A member offline on a place page this device never asked about their own review: "Write a
// review" waits for that answer (a second review of the place would be refused), and says so
// beside it instead of sitting disabled without a word; back online it opens.
describe('writing a review offline', () => {
  const { app, rtl } = useWebApp();
  afterEach(async () => {
    const { onlineManager } = await import('@tanstack/react-query');
    onlineManager.setOnline(true);
  });

  test('the button says it waits for a connection, and is offered once back online', async () => {
    const { onlineManager } = await import('@tanstack/react-query');
    const member = await app.createMember('offline');
    const author = await app.createMember('author');
    const owner = app.server.client();
    assert.equal((await owner.auth.signInWithPassword({ email: author.email, password: author.password })).error, null);
    const place = await owner
      .from('places')
      .insert({ name: 'Quiet Library', category: 'museum', lat: 48.85, lng: 2.35 })
      .select('id')
      .single();
    assert.equal(place.error, null);
    const path = `/places/${(place.data as { id: string }).id}`;

    // Seen once as a visitor: the place is on the device, the member's own review never asked for.
    const visit = await app.render(path);
    await rtl.screen.findByRole('heading', { level: 1, name: 'Quiet Library' });
    visit.unmount();
    await app.signIn(member.email, member.password);
    onlineManager.setOnline(false);

    await app.render(path);
    await rtl.screen.findByRole('heading', { level: 1, name: 'Quiet Library' });
    const button = await rtl.screen.findByRole('button', { name: 'Write a review' });
    assert.equal((button as HTMLButtonElement).disabled, true);
    const note = await rtl.screen.findByText('You can review this place once you are back online.');
    assert.equal(button.getAttribute('aria-describedby'), note.id, 'the button is described by the note');

    onlineManager.setOnline(true);
    await rtl.waitFor(() =>
      assert.equal((rtl.screen.getByRole('button', { name: 'Write a review' }) as HTMLButtonElement).disabled, false),
    );
    assert.equal(rtl.screen.queryByText('You can review this place once you are back online.'), null);
    assert.equal(rtl.screen.getByRole('button', { name: 'Write a review' }).getAttribute('aria-describedby'), null);
  });
});
