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

/** `{{ .Name }}` and `{{ .Data.key }}` (with Go's `{{-`/`-}}` trim markers): what this server fills. */
const action = /\{\{(-?)\s*\.([A-Za-z_]\w*)(?:\.([A-Za-z_]\w*))?\s*(-?)\}\}/g;

/**
 * `subject` and `content_path` of each `[auth.email.template.*]`. The path is tried relative to
 * the folder holding `supabase/` (the CLI's examples: "./supabase/templates/…") and then to the
 * project folder itself; a missing file is reported once and the default body is used. Template
 * actions other than fields (`{{ if … }}`, functions) are reported: they are left as written.
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
    for (const source of [subject, html]) {
      const other = (source ?? '').replace(action, '').match(/\{\{[\s\S]*?\}\}/);
      if (other) log.warn(`auth: email template ${name}: ${other[0]} is left as written (this server fills fields only)`);
    }
    if (subject || html) out[kind] = { subject, html };
  }
  return out;
}

/**
 * The data GoTrue's templates are executed with (internal/mailer/templatemailer/templatemailer.go):
 * `TokenHash` is the stored token the link carries (with its `pkce_` prefix in a PKCE flow), which
 * `POST /verify` takes as `token_hash`; `Data` is the user's metadata; `SendingTo` the address of
 * this copy of an email change.
 */
export function templateVariables(data: MailData, siteUrl: string): Record<string, unknown> {
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
    SendingTo: data.to,
    RedirectTo: redirectTo,
    Data: data.userData ?? {},
  };
}

const htmlEntities: Record<string, string> = {
  '\u0000': '\uFFFD',
  '"': '&#34;',
  '&': '&amp;',
  "'": '&#39;',
  '+': '&#43;',
  '<': '&lt;',
  '>': '&gt;',
};
/** html/template's htmlEscaper (and its attrEscaper for quoted attribute values). */
const escaped = new RegExp(`[${String.fromCharCode(0)}"&'+<>]`, 'g');
const escapeHtml = (value: string) => value.replace(escaped, (ch) => htmlEntities[ch] ?? ch);

const percent = (ch: string) => [...Buffer.from(ch, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
/** html/template's urlNormalizer: encodes what may not appear in a URL, keeps reserved characters and escapes. */
const normalizeUrl = (value: string) => value.replace(/[^A-Za-z0-9\-._~!#$&*+,/:;=?@[\]%]/gu, percent);
/** html/template's urlEscaper: a query value, everything but unreserved characters encoded. */
const escapeUrlPart = (value: string) => value.replace(/[^A-Za-z0-9\-._~]/gu, percent);
/** html/template's urlFilter: a URL with a scheme other than http, https or mailto is replaced. */
function filterUrl(value: string): string {
  const scheme = /^([^/?#]*?):/.exec(value)?.[1];
  return scheme === undefined || /^(https?|mailto)$/i.test(scheme) ? value : '#ZgotmplZ';
}

/** Attributes html/template reads as URLs (attrTypeMap, and names holding src, uri or url). */
const urlAttributes = new Set(['action', 'background', 'cite', 'codebase', 'data', 'formaction', 'href', 'icon', 'longdesc']);
const isUrlAttribute = (name: string) =>
  urlAttributes.has(name) || ['manifest', 'poster', 'profile', 'usemap'].includes(name) || /src|uri|url/.test(name);

/** How a value is escaped where the template text before it leaves off (html/template's contexts, simplified). */
function escaperAt(before: string): (value: string) => string {
  const open = before.lastIndexOf('<');
  if (open <= before.lastIndexOf('>')) return escapeHtml;
  const attribute = /([^\s"'<>/=]+)\s*=\s*(?:"([^"]*)|'([^']*))$/.exec(before.slice(open));
  if (!attribute) return escapeHtml;
  const name = (attribute[1] ?? '').toLowerCase();
  const soFar = attribute[2] ?? attribute[3] ?? '';
  if (!isUrlAttribute(name)) return escapeHtml;
  if (soFar === '') return (value) => escapeHtml(normalizeUrl(filterUrl(value)));
  if (/[?#]/.test(soFar)) return (value) => escapeHtml(escapeUrlPart(value));
  return (value) => escapeHtml(normalizeUrl(value));
}

function show(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * Executes a template as GoTrue does with Go's html/template, for the field actions templates use:
 * each value escaped for where it lands — HTML text, a quoted attribute, a URL's start (only http,
 * https and mailto pass), its path or its query. A missing field is empty.
 */
export function renderTemplate(source: string, vars: Record<string, unknown>): string {
  let out = '';
  /** The template text so far with each action as a plain letter: what decides the next one's context. */
  let text = '';
  let last = 0;
  for (const match of source.matchAll(action)) {
    const [whole, trimLeft, field = '', key, trimRight] = match;
    let literal = source.slice(last, match.index);
    if (trimLeft) literal = literal.replace(/\s+$/, '');
    out += literal;
    text += literal;
    const raw = vars[field];
    const value = key === undefined ? raw : raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[key] : undefined;
    out += escaperAt(text)(show(value));
    text += 'x';
    last = match.index + whole.length;
    if (trimRight) last += /^\s*/.exec(source.slice(last))?.[0].length ?? 0;
  }
  return out + source.slice(last);
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
    .replace(/&quot;|&#34;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#43;/g, '+')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
