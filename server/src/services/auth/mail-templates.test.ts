import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { htmlToText, renderTemplate, templateVariables } from './mail-templates.ts';

const templates = path.resolve(import.meta.dirname, '../../../../supabase/templates');

describe('mail templates, executed as GoTrue executes them with html/template', () => {
  test('fields, the metadata under Data, and a missing field left empty', () => {
    const vars = { Email: 'ada@example.com', Data: { display_name: 'Ada' } };
    assert.equal(renderTemplate('Hi {{ .Data.display_name }} ({{.Email}}){{ .Nothing }}.', vars), 'Hi Ada (ada@example.com).');
    assert.equal(renderTemplate('<p>\n  {{- .Email -}}\n</p>', vars), '<p>ada@example.com</p>');
  });

  test('each value is escaped for where it lands: text, attribute, a URL’s start, its path, its query', () => {
    const vars = {
      Name: `<b>"Tom" & 'Jerry'+</b>`,
      Site: 'https://pinstar.example/a b',
      Evil: 'javascript:alert(1)',
      Hash: 'pkce_a/b?c=d&e',
    };
    assert.equal(renderTemplate('<p>{{ .Name }}</p>', vars), '<p>&lt;b&gt;&#34;Tom&#34; &amp; &#39;Jerry&#39;&#43;&lt;/b&gt;</p>');
    assert.equal(
      renderTemplate('<img alt="{{ .Name }}">', vars),
      '<img alt="&lt;b&gt;&#34;Tom&#34; &amp; &#39;Jerry&#39;&#43;&lt;/b&gt;">',
    );
    assert.equal(renderTemplate('<a href="{{ .Site }}/x">', vars), '<a href="https://pinstar.example/a%20b/x">');
    assert.equal(renderTemplate('<a href="{{ .Evil }}">', vars), '<a href="#ZgotmplZ">');
    assert.equal(renderTemplate('<a href="/p/{{ .Hash }}">', vars), '<a href="/p/pkce_a/b?c=d&amp;e">');
    assert.equal(renderTemplate("<a href='/c?t={{ .Hash }}&type=x'>", vars), "<a href='/c?t=pkce_a%2Fb%3Fc%3Dd%26e&type=x'>");
  });

  test('the project’s templates link to the app with the token hash, for every mail that carries a link', () => {
    const link = (kind: string, confirmationUrl: string, extra: Record<string, string> = {}) => {
      const vars = templateVariables(
        { to: 'ada@example.com', email: 'ada@example.com', token: '123456', confirmationUrl, ...extra },
        'https://pinstar.example',
      );
      const html = renderTemplate(readFileSync(path.join(templates, `${kind}.html`), 'utf8'), vars);
      return /href="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    };
    const verify = (token: string, type: string) => `https://api.example/auth/v1/verify?token=${token}&type=${type}&redirect_to=x`;
    assert.equal(
      link('recovery', verify('pkce_abc123', 'recovery')),
      'https://pinstar.example/auth/confirm?token_hash=pkce_abc123&type=recovery',
    );
    assert.equal(link('confirmation', verify('def456', 'signup')), 'https://pinstar.example/auth/confirm?token_hash=def456&type=email');
    assert.equal(link('magic_link', verify('ghi789', 'magiclink')), 'https://pinstar.example/auth/confirm?token_hash=ghi789&type=email');
    assert.equal(link('invite', verify('jkl012', 'invite')), 'https://pinstar.example/auth/confirm?token_hash=jkl012&type=invite');
    assert.equal(
      link('email_change', verify('pkce_mno345', 'email_change'), { newEmail: 'new@example.com' }),
      'https://pinstar.example/auth/confirm?token_hash=pkce_mno345&type=email_change',
    );
    const code = renderTemplate(readFileSync(path.join(templates, 'reauthentication.html'), 'utf8'), { Token: '654321' });
    assert.match(htmlToText(code), /654321/);
  });
});
