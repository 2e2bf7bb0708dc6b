import { createHash } from 'node:crypto';

export interface EmulatorIdentity {
  sub: string;
  email: string;
  name: string;
}

const providerTitles: Record<string, string> = { google: 'Google', github: 'GitHub', apple: 'Apple', keycloak: 'OpenID Connect' };

/** Every value reaches the page through this: text and attribute values alike. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A stable subject for a typed address, so typing it again signs in as the same identity (digits, as Google's). */
export function emulatedSub(provider: string, email: string): string {
  const digest = createHash('sha256').update(`${provider}:${email.toLowerCase()}`).digest();
  return BigInt(`0x${digest.subarray(0, 9).toString('hex')}`)
    .toString()
    .padStart(21, '1');
}

interface PageInput {
  provider: string;
  state: string;
  csrf: string;
  identities: EmulatorIdentity[];
  problem: string;
}

/**
 * The emulated provider's consent page: no script at all (the CSP allows none), every value
 * escaped, the form posting back with the state and a CSRF token that the SameSite cookie matches.
 */
export function consentPage(input: PageInput): string {
  const title = providerTitles[input.provider] ?? input.provider;
  const hidden = `<input type="hidden" name="state" value="${escapeHtml(input.state)}"><input type="hidden" name="csrf" value="${escapeHtml(input.csrf)}">`;
  const problem = input.problem ? `<p class="problem" role="alert">${escapeHtml(input.problem)}</p>` : '';
  const body = !input.state
    ? problem
    : `${problem}
  <form method="post" action="authorize">
    ${hidden}
    <fieldset>
      <legend>Existing test accounts</legend>
      ${
        input.identities.length === 0
          ? '<p class="muted">None yet: add one below.</p>'
          : `<ul>${input.identities
              .map(
                (i) =>
                  `<li><button type="submit" name="identity" value="${escapeHtml(i.sub)}"><strong>${escapeHtml(i.name || i.email)}</strong><span>${escapeHtml(i.email)}</span></button></li>`,
              )
              .join('')}</ul>`
      }
    </fieldset>
  </form>
  <form method="post" action="authorize">
    ${hidden}
    <fieldset>
      <legend>Add a new test account</legend>
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="off" required maxlength="255">
      <label for="name">Name</label>
      <input id="name" name="name" type="text" autocomplete="off" maxlength="100">
      <button type="submit" class="primary">Sign in with ${escapeHtml(title)} as this account</button>
    </fieldset>
  </form>
  <form method="post" action="authorize">
    ${hidden}
    <button type="submit" name="deny" value="1">Cancel</button>
  </form>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with ${escapeHtml(title)} (emulated)</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 32rem; padding: 1.5rem; color: #1a1a1a; background: #fff; }
  h1 { font-size: 1.375rem; }
  .muted, button span { color: #4a4a4a; }
  .problem { color: #a11; font-weight: 600; }
  fieldset { border: 1px solid #767676; border-radius: 0.5rem; margin: 0 0 1rem; padding: 1rem; }
  ul { list-style: none; margin: 0; padding: 0; }
  li + li { margin-top: 0.5rem; }
  label { display: block; margin-top: 0.5rem; }
  input { box-sizing: border-box; width: 100%; padding: 0.5rem; font: inherit; border: 1px solid #767676; border-radius: 0.25rem; }
  button { font: inherit; padding: 0.5rem 0.75rem; border: 1px solid #767676; border-radius: 0.25rem; background: #f4f4f4; color: #1a1a1a; cursor: pointer; }
  li button { display: flex; flex-direction: column; align-items: flex-start; width: 100%; text-align: left; }
  .primary { margin-top: 1rem; background: #1a56db; border-color: #1a56db; color: #fff; }
  :focus-visible { outline: 3px solid #1a56db; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <h1>Sign in with ${escapeHtml(title)} (emulated)</h1>
  <p class="muted">This local server stands in for ${escapeHtml(title)}: no real account is used. Pick a test account or add one.</p>
  ${body}
</main>
</body>
</html>`;
}
