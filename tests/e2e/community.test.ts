import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { createMember, signInWithForm, uniqueEmail, waitForToast } from './support/app-server.ts';
import { assertAccessible, dismissToasts } from './support/browser.ts';
import { useE2eApp } from './support/fixture.ts';
import { memberClient } from './support/member-data.ts';

// Community in Chromium with two members and a moderator: Ben follows Ada, Ada posts a review
// and Ben's feed announces it live; Ben finds it helpful and replies (keyboard alone), Ada's
// bell counts 2 live and its notifications lead to the review; a moderator hides Ben's reply
// and Ben is told why. axe on each new screen, in light and dark.
describe('community in the browser', () => {
  const app = useE2eApp({ demoData: true });
  const password = 'correct horse battery';

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
  /** axe in the light theme, then in the dark one (the system's, which the app follows). */
  async function lightAndDark(page: Page, label: string) {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction('!document.documentElement.classList.contains("dark")');
    await assertAccessible(page, `${label} (light)`);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction('document.documentElement.classList.contains("dark")');
    await assertAccessible(page, `${label} (dark)`);
    await page.emulateMedia({ colorScheme: 'light' });
  }
  const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });

  test('follow, live feed, helpful and reply by keyboard, live bell, moderation notice', async () => {
    const ada = await signedIn('ada', 'Ada Lovelace');
    const ben = await signedIn('ben', 'Ben Okafor');

    // Ben follows Ada from her profile; the counts are exact.
    await ben.page.goto(`/u/${ada.username}`);
    await ben.page.getByRole('button', { name: 'Follow Ada Lovelace' }).click();
    await ben.page.getByRole('button', { name: 'Following Ada Lovelace' }).waitFor();
    await ben.page.getByText('1 follower · 0 following').waitFor();

    // Ada's bell counts the follow live; by keyboard she opens her notifications and reads them.
    await bell(ada.page)
      .and(ada.page.getByRole('link', { name: 'Notifications, 1 unread' }))
      .waitFor();
    await bell(ada.page).focus();
    await ada.page.keyboard.press('Enter');
    await ada.page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await ada.page.getByRole('link', { name: 'Ben Okafor started following you.' }).waitFor();
    await dismissToasts(ada.page);
    await lightAndDark(ada.page, 'Notifications');
    await ada.page.getByRole('button', { name: 'Mark all as read' }).click();
    await bell(ada.page)
      .and(ada.page.getByRole('link', { name: 'Notifications', exact: true }))
      .waitFor();

    // Ben's feed is empty, then announces Ada's new review live.
    await ben.page.goto('/feed');
    await ben.page.getByRole('heading', { level: 1, name: 'Your feed' }).waitFor();
    await ben.page.getByText('Nothing here yet.').waitFor();
    await dismissToasts(ben.page);
    await lightAndDark(ben.page, 'Feed');
    const { data: place } = await app.server.admin().from('places').select('id, name').eq('name', 'Eiffel Tower').single();
    const placeRow = place as { id: string; name: string };
    const adaClient = await memberClient(app.server, ada.email, password);
    const { data: review, error } = await adaClient
      .from('reviews')
      .insert({ place_id: placeRow.id, rating: 5, body: 'Go at dusk: the sparkle on the hour is worth the queue.' })
      .select('id')
      .single();
    assert.equal(error, null);
    const reviewId = (review as { id: string }).id;
    // An empty feed keeps nothing in place: the post shows at once, not a pill over "Nothing here yet".
    await ben.page.getByText('Go at dusk: the sparkle on the hour is worth the queue.').waitFor();
    assert.equal(await ben.page.getByRole('button', { name: /new post/ }).count(), 0);
    assert.equal(await ben.page.getByText('Nothing here yet.').count(), 0);

    // On the place page, Ben finds it helpful and replies, by keyboard alone.
    await ben.page.goto(`/places/${placeRow.id}`);
    const card = ben.page.locator(`#review-${reviewId}-card`);
    const helpful = card.getByRole('button', { name: /^Helpful: review by Ada Lovelace/ });
    // enabled once the member's own votes on this place are known
    await card.locator('button[aria-pressed="false"]:enabled').waitFor();
    await helpful.focus();
    await ben.page.keyboard.press('Space');
    await card.locator('button[aria-pressed="true"]').waitFor();
    await card.getByRole('button', { name: 'Reply', exact: true }).focus();
    await ben.page.keyboard.press('Enter');
    await card.getByLabel('Your reply').focus();
    await ben.page.keyboard.type('Agreed, the sparkle is magic.');
    await ben.page.keyboard.press('Tab');
    await ben.page.keyboard.press('Enter');
    await waitForToast(ben.page, 'Reply posted');
    await card.getByText('Agreed, the sparkle is magic.').waitFor();
    await card.getByText('1 reply').waitFor();

    // Ada's bell, open on her notifications, counted both live; they lead to the review.
    await bell(ada.page)
      .and(ada.page.getByRole('link', { name: 'Notifications, 2 unread' }))
      .waitFor();
    const list = ada.page.getByRole('list', { name: 'Notifications' });
    const voted = list.getByRole('link', { name: `Ben Okafor found your review of ${placeRow.name} helpful.` });
    const replied = list.getByRole('link', { name: `Ben Okafor replied to your review of ${placeRow.name}.` });
    await voted.waitFor();
    await replied.waitFor();
    const target = `/places/${placeRow.id}#review-${reviewId}-card`;
    assert.equal(await voted.getAttribute('href'), target);
    assert.equal(await replied.getAttribute('href'), target);
    await replied.click();
    await ada.page.waitForURL((url) => url.pathname === `/places/${placeRow.id}`);
    // the review is brought into view once the place's reviews have loaded
    await ada.page.waitForFunction(
      `(() => { const box = document.getElementById('review-${reviewId}-card')?.getBoundingClientRect(); return !!box && box.top >= 0 && box.top < innerHeight; })()`,
    );

    // A moderator hides Ben's reply; Ben is told, with the public reason.
    const moderatorEmail = uniqueEmail('mod');
    const moderatorId = await createMember(app.server, moderatorEmail, password, 'Mo Derator');
    await app.server.admin().from('profiles').update({ role: 'moderator' }).eq('id', moderatorId);
    const moderator = await memberClient(app.server, moderatorEmail, password);
    const { data: reply } = await app.server.admin().from('review_replies').select('id').eq('review_id', reviewId).single();
    const hidden = await moderator.rpc('hide_content', {
      target_type: 'reply',
      target_id: (reply as { id: string }).id,
      reason: 'Off-topic',
    });
    assert.equal(hidden.error, null);
    await bell(ben.page)
      .and(ben.page.getByRole('link', { name: 'Notifications, 1 unread' }))
      .waitFor();
    await bell(ben.page).click();
    await ben.page.getByRole('link', { name: 'Moderators hid your reply: “Off-topic”' }).waitFor();

    // Notification settings, one switch per kind.
    await ben.page.goto('/settings');
    await ben.page.getByRole('heading', { name: 'Notifications' }).waitFor();
    await ben.page.getByRole('checkbox', { name: 'New reviews of places you starred or listed' }).check();
    await ben.page.getByRole('button', { name: 'Save notification settings' }).click();
    await waitForToast(ben.page, 'Notification settings saved');
    await dismissToasts(ben.page);
    await lightAndDark(ben.page, 'Settings');
    assert.deepEqual([...ada.errors, ...ben.errors], []);
  });
});
