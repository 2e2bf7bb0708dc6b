import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { jsonBody, localOnly } from '../../../lib/route-marks.ts';
import type { AppEnv } from '../../../lib/service.ts';
import { externalUrl, type AuthDeps } from '../auth-deps.ts';
import type { ProviderUser } from '../external/accounts.ts';
import { consentPage, emulatedSub, type EmulatorIdentity } from '../external/emulator-page.ts';
import { readState } from '../external/oauth-state.ts';
import type { ExternalProvider } from '../external/providers.ts';
import { validateEmail } from '../request-input.ts';

/** How long a code from the consent page may be exchanged (decision 185). */
export const emulatorCodeLifetime = "interval '5 minutes'";
const csrfCookie = 'sb-emulator-csrf';

/** Emulated providers' consent page: GET shows it, POST answers the callback with a one-time code. */
export function mountEmulator(ctx: AuthDeps, routes: Hono<AppEnv>): void {
  // This machine's browser only: a loopback Host, no proxy, no CORS, whatever the method (decision 302).
  routes.use('/emulator/*', localOnly);
  const securePage = (c: Context<AppEnv>, html: string, status: 200 | 400) => {
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'",
    );
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cache-Control', 'no-store');
    return c.html(html, status);
  };

  async function emulatedFromState(stateText: string): Promise<ExternalProvider | null> {
    const state = await readState(ctx, stateText);
    const provider = state ? ctx.providers.get(state.provider) : undefined;
    return provider?.emulated ? provider : null;
  }

  async function knownIdentities(provider: string): Promise<EmulatorIdentity[]> {
    const { rows } = await ctx.db.transaction(
      { kind: 'system' },
      (tx) =>
        tx.query<EmulatorIdentity>(
          `select provider_id as sub, coalesce(identity_data->>'email', '') as email, coalesce(identity_data->>'name', '') as name
           from auth.identities where provider = $1 order by last_sign_in_at desc nulls last, created_at desc limit 50`,
          [provider],
        ),
      { readOnly: true },
    );
    return rows;
  }

  const render = async (c: Context<AppEnv>, provider: ExternalProvider, state: string, csrf: string, problem: string, status: 200 | 400) =>
    securePage(c, consentPage({ provider: provider.name, state, csrf, identities: await knownIdentities(provider.name), problem }), status);

  routes.get('/emulator/authorize', async (c) => {
    const state = c.req.query('state') ?? '';
    const provider = await emulatedFromState(state);
    if (!provider)
      return securePage(
        c,
        consentPage({ provider: '', state: '', csrf: '', identities: [], problem: 'This sign-in link is invalid or has expired.' }),
        400,
      );
    const csrf = randomBytes(24).toString('base64url');
    const secure = new URL(c.req.url).protocol === 'https:' ? '; Secure' : '';
    c.header('Set-Cookie', `${csrfCookie}=${csrf}; Path=/auth/v1/emulator; HttpOnly; SameSite=Strict; Max-Age=600${secure}`);
    return render(c, provider, state, csrf, '', 200);
  });

  routes.post('/emulator/authorize', jsonBody, async (c) => {
    const form = await c.req.parseBody();
    const field = (key: string) => (typeof form[key] === 'string' ? form[key] : '');
    const state = field('state');
    const provider = await emulatedFromState(state);
    const cookie = /(?:^|;\s*)sb-emulator-csrf=([A-Za-z0-9_-]+)/.exec(c.req.header('cookie') ?? '')?.[1] ?? '';
    if (!provider || cookie === '' || field('csrf') !== cookie) {
      return securePage(
        c,
        consentPage({
          provider: '',
          state: '',
          csrf: '',
          identities: [],
          problem: 'This sign-in form is invalid or has expired. Start the sign-in again.',
        }),
        400,
      );
    }
    const back = new URL(provider.redirectUri);
    back.searchParams.set('state', state);
    if (field('deny') !== '') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user denied the request');
      return c.redirect(back.toString(), 303);
    }
    let person: ProviderUser;
    const chosen = field('identity');
    if (chosen !== '') {
      const found = (await knownIdentities(provider.name)).find((i) => i.sub === chosen);
      if (!found) return render(c, provider, state, cookie, 'That test identity no longer exists.', 400);
      person = {
        sub: found.sub,
        email: found.email,
        emailVerified: true,
        name: found.name,
        avatarUrl: '',
        iss: `${externalUrl(ctx)}/emulator`,
      };
    } else {
      let email: string;
      try {
        email = validateEmail(field('email'));
      } catch {
        return render(c, provider, state, cookie, 'Enter a valid email address.', 400);
      }
      const name = field('name').trim();
      if (name.length > 100) return render(c, provider, state, cookie, 'The name can be at most 100 characters.', 400);
      person = {
        sub: emulatedSub(provider.name, email),
        email,
        emailVerified: true,
        name,
        avatarUrl: '',
        iss: `${externalUrl(ctx)}/emulator`,
      };
    }
    const code = randomBytes(24).toString('base64url');
    await ctx.db.transaction({ kind: 'system' }, async (tx) => {
      await tx.query(`delete from _server.auth_emulator_codes where created_at < now() - ${emulatorCodeLifetime}`);
      await tx.query(`insert into _server.auth_emulator_codes (code, provider, user_data) values ($1, $2, $3::jsonb)`, [
        code,
        provider.name,
        JSON.stringify(person),
      ]);
    });
    back.searchParams.set('code', code);
    return c.redirect(back.toString(), 303);
  });
}
