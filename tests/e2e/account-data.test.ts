import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { createMember, signInWithForm, uniqueEmail, waitForToast } from './support/app-server.ts';
import { useE2eApp } from './support/fixture.ts';
import { memberClient, seedMemberData } from './support/member-data.ts';

interface ExportBody {
  account: { email: string };
  profile: { username: string; avatar_url: string };
  places: { id: string }[];
  reviews: { id: string }[];
  review_photos: { url: string }[];
  stars: { place_id: string }[];
}

// "Your data": export everything, delete the account under both review choices, checked
// through the API afterwards.
describe('your data: export and delete account', () => {
  const app = useE2eApp();
  async function prepare(label: string) {
    const email = uniqueEmail(label);
    const password = `${label} password 1`;
    const userId = await createMember(app.server, email, password, `${label} member`);
    const otherEmail = uniqueEmail(`${label}-other`);
    await createMember(app.server, otherEmail, 'other password 1');
    const data = await seedMemberData(
      await memberClient(app.server, email, password),
      userId,
      await memberClient(app.server, otherEmail, 'other password 1'),
    );
    const { data: profile } = await app.server.admin().from('profiles').select('username').eq('id', userId).single();
    return { email, password, data, username: profile?.username ?? '' };
  }

  async function openSettings(page: Page, email: string, password: string) {
    await page.goto('/auth/sign-in?next=%2Fsettings');
    await signInWithForm(page, email, password);
    await page.getByRole('heading', { name: 'Your data', exact: true }).waitFor();
  }

  test('downloads everything as JSON and the places as GeoJSON', async () => {
    const { email, password, data, username } = await prepare('export');
    const { page, context, errors } = await app.openPage();
    await openSettings(page, email, password);
    const downloads: { name: string; body: unknown }[] = [];
    page.on('download', (download) => {
      void download
        .path()
        .then(async (file) => downloads.push({ name: download.suggestedFilename(), body: JSON.parse(await readFile(file, 'utf8')) }));
    });
    await page.getByRole('button', { name: 'Download my data' }).click();
    await waitForToast(page, 'Your data is downloading');
    for (let i = 0; i < 50 && downloads.length < 2; i++) await page.waitForTimeout(100);
    const json = downloads.find((d) => d.name.endsWith('.json'));
    const geojson = downloads.find((d) => d.name.endsWith('.geojson'));
    assert.match(json?.name ?? '', new RegExp(`^pinstar-${username}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const body = json?.body as ExportBody;
    assert.equal(body.account.email, email);
    assert.equal(body.profile.username, username);
    assert.match(body.profile.avatar_url, new RegExp(`/storage/v1/object/public/avatars/${data.avatarPath}$`));
    assert.deepEqual(
      body.places.map((p) => p.id),
      [data.placeId],
    );
    assert.deepEqual(
      body.reviews.map((r) => r.id),
      [data.reviewId],
    );
    assert.equal(body.review_photos.length, 1);
    assert.match(body.review_photos[0]?.url ?? '', new RegExp(`/storage/v1/object/public/place-photos/${data.photoPath}$`));
    assert.deepEqual(
      body.stars.map((s) => s.place_id),
      [data.otherPlaceId],
    );
    const collection = geojson?.body as {
      type: string;
      features: { geometry: { coordinates: number[] }; properties: { id: string; relation: string } }[];
    };
    assert.equal(collection.type, 'FeatureCollection');
    assert.deepEqual(
      collection.features.map((f) => [f.properties.id, f.properties.relation, f.geometry.coordinates]),
      [
        [data.placeId, 'added', [2.3522, 48.8566]],
        [data.otherPlaceId, 'starred', [2.35, 48.86]],
      ],
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const choice of ['anonymize', 'delete'] as const) {
    test(`deletes the account, files first, and ${choice}s the reviews`, async () => {
      const { email, password, data, username } = await prepare(choice);
      const { page, context } = await app.openPage();
      await openSettings(page, email, password);
      const trigger = page.getByRole('button', { name: 'Delete account…' });
      await trigger.click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await dialog.getByText(`Type ${username} to confirm.`).waitFor();
      await dialog.getByLabel(choice === 'delete' ? 'Delete my reviews too' : 'Keep my reviews, without my name').check();
      await dialog.getByLabel(`Type ${username} to confirm`).fill(username);
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await waitForToast(page, 'Your account has been deleted');
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();

      const admin = app.server.admin();
      const user = await admin.auth.admin.getUserById(data.userId);
      assert.equal(user.data.user, null, 'the auth user is gone');
      assert.deepEqual((await admin.from('profiles').select('id').eq('id', data.userId)).data, []);
      assert.deepEqual((await admin.from('stars').select('place_id').eq('user_id', data.userId)).data, []);
      assert.deepEqual((await admin.from('review_photos').select('id').eq('uploader_id', data.userId)).data, []);
      const review = await admin.from('reviews').select('id, author_id').eq('id', data.reviewId);
      assert.deepEqual(review.data, choice === 'anonymize' ? [{ id: data.reviewId, author_id: null }] : []);
      const place = await admin.from('places').select('id, created_by').eq('id', data.placeId);
      assert.deepEqual(place.data, [{ id: data.placeId, created_by: null }], 'places stay, without their author');
      for (const bucket of ['avatars', 'place-photos']) {
        const listed = await admin.storage.from(bucket).list(data.userId);
        assert.deepEqual(listed.data, [], `no files left in ${bucket}/${data.userId}`);
      }
      assert.equal((await app.server.client().auth.signInWithPassword({ email, password })).error?.code, 'invalid_credentials');
      await context.close();
    });
  }
});
