import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono, type MiddlewareHandler } from 'hono';
import { isLoopbackHost } from '../../lib/config.ts';
import { jsonAnswer, type AppEnv, type Service } from '../../lib/service.ts';

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

export interface Mailbox {
  add(message: Omit<MailMessage, 'id' | 'created_at'>): MailMessage;
  list(): MailMessage[];
  clear(): void;
  flush(): Promise<void>;
}

const keep = 500;

/**
 * The local inbox that stands in for Inbucket/Mailpit: messages stay in memory and in
 * `<dataDir>/mailbox.json`, so links still work after a restart.
 */
export function createMailbox(dataDir: string): Mailbox {
  const file = path.join(dataDir, 'mailbox.json');
  let messages: MailMessage[] = [];
  try {
    if (existsSync(file)) {
      const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (Array.isArray(parsed)) messages = parsed as MailMessage[];
    }
  } catch {
    messages = [];
  }
  let writing: Promise<void> = Promise.resolve();
  const persist = () => {
    const snapshot = JSON.stringify(messages);
    writing = writing.then(async () => {
      try {
        mkdirSync(dataDir, { recursive: true });
        await writeFile(file, snapshot);
      } catch {
        // A data dir removed under a running server must not break sign-ups; memory still has the mail.
      }
    });
  };
  return {
    add(message) {
      const stored: MailMessage = { id: randomUUID(), ...message, created_at: new Date().toISOString() };
      messages.push(stored);
      if (messages.length > keep) messages = messages.slice(-keep);
      persist();
      return stored;
    },
    list: () => [...messages].reverse(),
    clear() {
      messages = [];
      persist();
    },
    flush: () => writing,
  };
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => entities[ch] ?? ch);

function renderPage(messages: MailMessage[]): string {
  const items = messages
    .map((m) => {
      const links = [...m.text.matchAll(/https?:\/\/\S+/g)]
        .map((l) => `<li><a href="${escapeHtml(l[0])}">${escapeHtml(l[0])}</a></li>`)
        .join('');
      return `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To <strong>${escapeHtml(m.to)}</strong> · <time datetime="${m.created_at}">${escapeHtml(m.created_at)}</time></p>
<ul>${links}</ul><details><summary>Message</summary><pre>${escapeHtml(m.text)}</pre></details></article>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mailbox</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}h2{margin:0;font-size:1.1rem}.meta{color:#555;margin:.25rem 0}
a{word-break:break-all}pre{white-space:pre-wrap}</style></head><body><h1>Local mailbox</h1>
<p>${messages.length} message(s), newest first. JSON at <a href="/_dev/mail/api/messages">/_dev/mail/api/messages</a>.</p>
${items || '<p>No mail yet.</p>'}</body></html>`;
}

const forbidden = () =>
  new Response(JSON.stringify({ message: 'Forbidden' }), {
    status: 403,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });

/**
 * The mailbox holds sign-in codes and recovery links, so only this machine's own pages read
 * it: no CORS at all (the gateway's CORS is not applied), a Host that names this machine (a
 * rebound DNS name does not), and no request a browser marks as coming from another origin —
 * `Sec-Fetch-Site` other than same-origin/none, or an `Origin` that is not this host — except
 * a top-level navigation to the page. Responses are not cached, framed or embeddable elsewhere.
 */
function sameOriginOnly(publicUrl: string, anyHost: boolean): MiddlewareHandler<AppEnv> {
  const publicHost = new URL(publicUrl).host.toLowerCase();
  return async (c, next) => {
    const host = (c.req.header('host') ?? '').toLowerCase();
    const hostName = host.replace(/:\d+$/, '');
    if (!anyHost && host !== publicHost && !isLoopbackHost(hostName)) return forbidden();
    const site = c.req.header('sec-fetch-site');
    const navigation =
      c.req.method === 'GET' && c.req.header('sec-fetch-mode') === 'navigate' && c.req.path.replace(/\/+$/, '') === '/_dev/mail';
    if (site && site !== 'same-origin' && site !== 'none' && !navigation) return forbidden();
    const origin = c.req.header('origin');
    if (origin !== undefined && !navigation) {
      let originHost = '';
      try {
        originHost = new URL(origin).host.toLowerCase();
      } catch {
        return forbidden();
      }
      if (originHost !== host) return forbidden();
    }
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    c.res.headers.set('Cross-Origin-Resource-Policy', 'same-origin');
    c.res.headers.set('Content-Security-Policy', "frame-ancestors 'self'");
  };
}

/** `/_dev/mail`: a readable page and a JSON API (newest first) for e2e tests, for this machine's own pages only. */
export function createMailboxService(mailbox: Mailbox, options: { publicUrl: string; anyHost: boolean }): Service {
  const routes = new Hono<AppEnv>();
  routes.use('*', sameOriginOnly(options.publicUrl, options.anyHost));
  routes.get('/', (c) => c.html(renderPage(mailbox.list())));
  routes.get('/api/messages', (c) => {
    const to = c.req.query('to')?.toLowerCase();
    return c.json(mailbox.list().filter((m) => !to || m.to.toLowerCase() === to));
  });
  routes.get('/api/messages/:id', (c) => {
    const message = mailbox.list().find((m) => m.id === c.req.param('id'));
    return message ? c.json(message) : c.json({ message: 'Not Found' }, 404);
  });
  routes.delete('/api/messages', (c) => {
    mailbox.clear();
    return c.body(null, 204);
  });
  // No CORS at all; on a loopback bind the envelope serves it to this machine's browser only (decision 300).
  return {
    prefix: '/_dev/mail',
    name: 'dev',
    routes,
    cors: 'none',
    access: options.anyHost ? 'public' : 'local',
    bodyTooLarge: () => jsonAnswer(413, { message: 'Payload Too Large' }, ['Cache-Control', 'no-store']),
    close: () => mailbox.flush(),
  };
}
