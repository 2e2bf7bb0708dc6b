import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useWebApp } from '../support/app.ts';

// Roles show as badges beside names, from the role (decision 342): a moderator's and an admin's
// profile carry "Moderator" and "Admin" after a heading that is their name alone, a member's
// carries none, and a moderator's review and reply say it beside the name.
describe('role badges', () => {
  const { app, rtl } = useWebApp();

  async function memberWithRole(prefix: string, role: 'member' | 'moderator' | 'admin') {
    const member = await app.createMember(prefix);
    const name = `${prefix[0]?.toUpperCase()}${prefix.slice(1)} Example`;
    const { error } = await app.server.admin().from('profiles').update({ display_name: name, role }).eq('id', member.id);
    assert.equal(error, null);
    return { ...member, name };
  }

  async function profileHeader(username: string, name: string): Promise<HTMLElement> {
    await app.render(`/u/${username}`);
    const heading = await rtl.screen.findByRole('heading', { level: 1, name });
    assert.equal(heading.textContent, name, 'the heading is the name alone');
    return heading.parentElement as HTMLElement;
  }

  test('profiles: a moderator and an admin carry their role beside the name, a member none', async () => {
    const moderator = await memberWithRole('mod', 'moderator');
    const admin = await memberWithRole('adm', 'admin');
    const member = await memberWithRole('mem', 'member');
    assert.equal(rtl.within(await profileHeader(moderator.username, moderator.name)).getByText('Moderator').textContent, 'Moderator');
    await app.reset();
    assert.equal(rtl.within(await profileHeader(admin.username, admin.name)).getByText('Admin').textContent, 'Admin');
    await app.reset();
    const plain = await profileHeader(member.username, member.name);
    assert.equal(rtl.within(plain).queryByText(/^(Moderator|Admin)$/), null);
  });

  test('a place page: the moderator’s review and her reply to a member say “Moderator” beside her name', async () => {
    const moderator = await memberWithRole('mina', 'moderator');
    const member = await memberWithRole('ben', 'member');
    const mod = app.server.client();
    assert.equal((await mod.auth.signInWithPassword({ email: moderator.email, password: moderator.password })).error, null);
    const place = await mod.from('places').insert({ name: 'Badge Hall', category: 'museum', lat: 48.86, lng: 2.34 }).select('id').single();
    assert.equal(place.error, null);
    const placeId = (place.data as { id: string }).id;
    const own = await mod.from('reviews').insert({ place_id: placeId, rating: 4, body: 'Quiet on a weekday morning.' });
    assert.equal(own.error, null);
    const ben = app.server.client();
    assert.equal((await ben.auth.signInWithPassword({ email: member.email, password: member.password })).error, null);
    const review = await ben
      .from('reviews')
      .insert({ place_id: placeId, rating: 3, body: 'The cloakroom queue was long.' })
      .select('id')
      .single();
    assert.equal(review.error, null);
    const reply = await mod
      .from('review_replies')
      .insert({ review_id: (review.data as { id: string }).id, body: 'It moved to the east door.' });
    assert.equal(reply.error, null);

    await app.render(`/places/${placeId}`);
    await rtl.screen.findByRole('heading', { level: 3, name: `${moderator.name} Moderator` });
    await rtl.screen.findByRole('heading', { level: 3, name: member.name });
    const replyItem = (await rtl.screen.findByText('It moved to the east door.')).closest('li') as HTMLElement;
    assert.ok(replyItem, 'the reply is a list item');
    assert.equal(rtl.within(replyItem).getByText('Moderator').textContent, 'Moderator');
    assert.equal(rtl.screen.queryAllByText('Admin', { exact: true }).length, 0);
  });
});
