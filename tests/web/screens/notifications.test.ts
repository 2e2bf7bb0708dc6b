import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useWebApp } from '../support/app.ts';

// The bell and the list of notifications say the same thing at every moment: "Mark all as read"
// changes both in one render, not each when its own read answers.
describe('notifications and the bell', () => {
  const { app, rtl } = useWebApp();

  test('"Mark all as read" changes the bell and the list together', async () => {
    const ada = await app.createMember('ada');
    for (const prefix of ['ben', 'cy']) {
      const follower = await app.createMember(prefix);
      const api = app.server.client();
      assert.equal((await api.auth.signInWithPassword({ email: follower.email, password: follower.password })).error, null);
      assert.equal((await api.from('follows').insert({ follower_id: follower.id, followee_id: ada.id })).error, null);
    }
    await app.signIn(ada.email, ada.password);
    await app.render('/notifications');
    const bell = await rtl.screen.findByRole('link', { name: 'Notifications, 2 unread' });
    const said = () => bell.querySelector('.sr-only')?.textContent ?? '';
    const list = await rtl.screen.findByRole('list', { name: 'Notifications' });
    await rtl.waitFor(() => assert.equal(rtl.within(list).queryAllByText('Unread:').length, 2));

    // Every state the page goes through, from the click until both say all is read.
    const states: string[] = [];
    const record = () => {
      const unreadInList = document.querySelectorAll('[aria-label="Notifications"] li').length
        ? rtl.within(rtl.screen.getByRole('list', { name: 'Notifications' })).queryAllByText('Unread:').length
        : 0;
      states.push(`${said()} / ${unreadInList} marked unread`);
    };
    const observer = new MutationObserver(record);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    // The list's read answers after the bell's, as on a network where it is the bigger one.
    const slowList = app.intercept(async (request) => {
      if (request.method !== 'GET' || !new URL(request.url).pathname.endsWith('/rest/v1/notifications')) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 300));
      return app.server.fetch(request);
    });
    await app.user.click(rtl.screen.getByRole('button', { name: 'Mark all as read' }));
    await rtl.waitFor(() => assert.equal(said(), 'Notifications'));
    await rtl.waitFor(async () => {
      const { count } = await app.server
        .admin()
        .from('notifications')
        .select('id', { count: 'exact', head: true })
        .eq('recipient_id', ada.id)
        .is('read_at', null);
      assert.equal(count, 0);
    });
    // the reads that follow the write have answered and rendered too
    await new Promise((resolve) => setTimeout(resolve, 300));
    await new Promise((resolve) => setTimeout(resolve, 300));
    observer.disconnect();
    slowList();
    record();
    const contradictions = states.filter(
      (s) => s.startsWith('Notifications / ') !== s.endsWith(' 0 marked unread') && !s.startsWith('Notifications, 2 unread / 2'),
    );
    assert.deepEqual([...new Set(contradictions)], [], 'the bell and the list never disagree');
    assert.equal(states.at(-1), 'Notifications / 0 marked unread');
  });
});
