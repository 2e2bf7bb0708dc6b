import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readProjectToml, type TomlTable } from '../../server/src/lib/config.ts';
import { authFixture, followLink, mailTo, uniqueEmail, verifyLinkOf } from '../fixtures/auth/helpers.ts';
import { startInProcessTestServer, testBackends, type TestServer } from '../support/server.ts';

const siteUrl = 'http://localhost:5173';
const password = 'redirect-test-1';

/**
 * Redirects that carry script or a document, dressed up to pass a host check: the site's own
 * host, a loopback IP matching the allow list's `http://127.0.0.1:*\/callback`, the allowed
 * `app.example.com`, odd letter case. Every one must end at the site URL instead.
 */
const hostile = [
  'javascript://localhost:5173/%0aalert(document.cookie)',
  'javascript://127.0.0.1:3000/callback%0aalert(1)',
  'JaVaScRiPt://app.example.com/%0aalert(1)',
  'data:text/html,<script>alert(1)</script>//app.example.com/x',
  'myapp://app.example.com/callback',
];

/** What a page of the mailed link, or the link itself, could send the user to. */
function assertNoHostileScheme(text: string, label: string): void {
  const decoded = decodeURIComponent(decodeURIComponent(text)).toLowerCase();
  for (const scheme of ['javascript:', 'data:text', 'myapp:']) assert.ok(!decoded.includes(scheme), `${label}: ${scheme} in ${text}`);
}

/** Follows the mail's verify link: the 303 goes to the site, not to the requested redirect. */
async function assertLandsOnSite(server: TestServer, email: string, label: string): Promise<void> {
  const mails = await mailTo(server, email);
  assert.ok(mails[0], `${label}: no mail`);
  assertNoHostileScheme(mails[0].text, label);
  const { status, location } = await followLink(server, verifyLinkOf(mails[0]));
  assert.equal(status, 303, label);
  assert.equal(location.origin, siteUrl, label);
}

function confirmingProject(): TomlTable {
  const toml = readProjectToml(authFixture('project'));
  const auth = toml.auth as TomlTable;
  const listed = [...(auth.additional_redirect_urls as string[]), 'com.pinstar.app://callback'];
  return {
    ...toml,
    auth: { ...auth, additional_redirect_urls: listed, email: { ...(auth.email as TomlTable), enable_confirmations: true } },
  };
}

for (const backend of testBackends()) {
  describe(`redirect_to takes http(s) and listed schemes only on ${backend}`, () => {
    let server: TestServer;
    before(async () => {
      server = await startInProcessTestServer(backend, { project: authFixture('project'), override: { toml: confirmingProject() } });
    });
    after(() => server?.close());

    async function confirmedUser(): Promise<string> {
      const email = uniqueEmail('redirect');
      const { error } = await server.admin().auth.admin.createUser({ email, password, email_confirm: true });
      assert.equal(error, null);
      return email;
    }

    test('an allowed https redirect is kept (control)', async () => {
      const email = await confirmedUser();
      assert.equal((await server.client().auth.resetPasswordForEmail(email, { redirectTo: 'https://app.example.com/reset' })).error, null);
      const { location } = await followLink(server, verifyLinkOf((await mailTo(server, email))[0]));
      assert.equal(`${location.origin}${location.pathname}`, 'https://app.example.com/reset');
    });

    test('a scheme listed in additional_redirect_urls is kept (an app’s own scheme)', async () => {
      const generated = await server.admin().auth.admin.generateLink({
        type: 'magiclink',
        email: await confirmedUser(),
        options: { redirectTo: 'com.pinstar.app://callback' },
      });
      assert.equal(generated.data.properties?.redirect_to, 'com.pinstar.app://callback');
    });

    for (const redirect of hostile) {
      test(`${redirect.slice(0, 40)}… is replaced by the site URL on every endpoint that takes a redirect`, async () => {
        const signupEmail = uniqueEmail('redirect');
        assert.equal(
          (await server.client().auth.signUp({ email: signupEmail, password, options: { emailRedirectTo: redirect } })).error,
          null,
        );
        await assertLandsOnSite(server, signupEmail, 'signup');

        const recoverEmail = await confirmedUser();
        assert.equal((await server.client().auth.resetPasswordForEmail(recoverEmail, { redirectTo: redirect })).error, null);
        await assertLandsOnSite(server, recoverEmail, 'recover');

        const otpEmail = await confirmedUser();
        assert.equal(
          (await server.client().auth.signInWithOtp({ email: otpEmail, options: { emailRedirectTo: redirect, shouldCreateUser: false } }))
            .error,
          null,
        );
        const otpMail = (await mailTo(server, otpEmail))[0];
        assert.ok(otpMail);
        assertNoHostileScheme(otpMail.text, 'magic link');

        const changeEmail = await confirmedUser();
        const member = server.client();
        assert.equal((await member.auth.signInWithPassword({ email: changeEmail, password })).error, null);
        const newEmail = uniqueEmail('redirect-new');
        assert.equal((await member.auth.updateUser({ email: newEmail }, { emailRedirectTo: redirect })).error, null);
        await assertLandsOnSite(server, newEmail, 'email change');

        const generated = await server
          .admin()
          .auth.admin.generateLink({ type: 'magiclink', email: await confirmedUser(), options: { redirectTo: redirect } });
        assert.equal(generated.error, null);
        assert.equal(generated.data.properties?.redirect_to, siteUrl);
        assertNoHostileScheme(generated.data.properties?.action_link ?? '', 'generate_link');

        const invited = uniqueEmail('redirect-invite');
        assert.equal((await server.admin().auth.admin.inviteUserByEmail(invited, { redirectTo: redirect })).error, null);
        await assertLandsOnSite(server, invited, 'invite');

        // GET /verify with the redirect in its own query string.
        const verifyEmail = await confirmedUser();
        const link = await server.admin().auth.admin.generateLink({ type: 'recovery', email: verifyEmail });
        const actionLink = new URL(link.data.properties?.action_link ?? '');
        actionLink.searchParams.set('redirect_to', redirect);
        const { status, location } = await followLink(server, actionLink.toString());
        assert.equal(status, 303);
        assert.equal(location.origin, siteUrl);
      });
    }
  });
}
