import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { tomlTable, type ServerConfig } from '../../lib/config.ts';
import type { Logger } from '../../lib/log.ts';
import type { MailData, MailKind } from './mail-kinds.ts';

export interface CustomTemplate {
  subject: string | null;
  html: string | null;
}

/** config.toml names per mail (`[auth.email.template.<name>]`, as the CLI reads them). */
const tableNames: Record<MailKind, string> = {
  signup: 'confirmation',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magic_link',
  email_change: 'email_change',
  reauthentication: 'reauthentication',
};

/**
 * `subject` and `content_path` of each `[auth.email.template.*]`. The path is tried relative to
 * the folder holding `supabase/` (the CLI's examples: "./supabase/templates/…") and then to the
 * project folder itself; a missing file is reported once and the default body is used.
 */
export function loadCustomTemplates(config: ServerConfig, log: Logger): Partial<Record<MailKind, CustomTemplate>> {
  const out: Partial<Record<MailKind, CustomTemplate>> = {};
  for (const [kind, name] of Object.entries(tableNames) as Array<[MailKind, string]>) {
    const table = tomlTable(config.toml, `auth.email.template.${name}`);
    const subject = typeof table.subject === 'string' && table.subject !== '' ? table.subject : null;
    let html: string | null = null;
    if (typeof table.content_path === 'string' && table.content_path !== '') {
      const candidates = [
        path.resolve(path.dirname(config.projectDir), table.content_path),
        path.resolve(config.projectDir, table.content_path),
      ];
      const file = candidates.find((f) => existsSync(f));
      if (file) html = readFileSync(file, 'utf8');
      else log.warn(`auth: email template ${name}: ${table.content_path} not found; using the default`);
    }
    if (subject || html) out[kind] = { subject, html };
  }
  return out;
}

/** The variables GoTrue's templates use (`{{ .ConfirmationURL }}` …); other actions are left as written. */
export function templateVariables(data: MailData, siteUrl: string): Record<string, string> {
  let tokenHash = '';
  let redirectTo = siteUrl;
  if (data.confirmationUrl) {
    const url = new URL(data.confirmationUrl);
    tokenHash = url.searchParams.get('token') ?? '';
    redirectTo = url.searchParams.get('redirect_to') ?? siteUrl;
  }
  return {
    ConfirmationURL: data.confirmationUrl,
    Token: data.token,
    TokenHash: tokenHash,
    SiteURL: siteUrl,
    Email: data.email,
    NewEmail: data.newEmail ?? '',
    RedirectTo: redirectTo,
  };
}

export function fillTemplate(source: string, vars: Record<string, string>): string {
  return source.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (whole, name: string) => vars[name] ?? whole);
}

/** A plain-text part for an HTML template: links kept as `label (url)`, tags dropped. */
export function htmlToText(html: string): string {
  return html
    .replace(
      /<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
      (_m, href: string, label: string) => `${label.replace(/<[^>]+>/g, '').trim()} (${href})`,
    )
    .replace(/<(br|\/p|\/h\d|\/div|\/li)\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
