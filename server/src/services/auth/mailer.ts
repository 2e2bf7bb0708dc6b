import type { Transporter } from 'nodemailer';
import { tomlValue, type ServerConfig } from '../../lib/config.ts';
import type { MailData, MailKind } from './mail-kinds.ts';
import { htmlToText, renderTemplate, templateVariables, type CustomTemplate } from './mail-templates.ts';
import type { Mailbox } from './mailbox.ts';

export interface Mailer {
  /** True when mail leaves by SMTP (then the project-wide `email_sent` limit applies, as the CLI documents). */
  readonly external: boolean;
  send(kind: MailKind, data: MailData): Promise<void>;
}

/** GoTrue's default subjects and bodies (internal/mailer/templatemailer). */
const templates: Record<MailKind, { subject: string; heading: string; intro: (d: MailData) => string; action: string }> = {
  signup: {
    subject: 'Confirm Your Signup',
    heading: 'Confirm your signup',
    intro: () => 'Follow this link to confirm your user:',
    action: 'Confirm your mail',
  },
  invite: {
    subject: 'You have been invited',
    heading: 'You have been invited',
    intro: () => 'You have been invited to create a user. Follow this link to accept the invite:',
    action: 'Accept the invite',
  },
  magiclink: { subject: 'Your Magic Link', heading: 'Magic Link', intro: () => 'Follow this link to login:', action: 'Log In' },
  recovery: {
    subject: 'Reset Your Password',
    heading: 'Reset Password',
    intro: () => 'Follow this link to reset the password for your user:',
    action: 'Reset Password',
  },
  reauthentication: {
    subject: 'Confirm reauthentication',
    heading: 'Confirm reauthentication',
    intro: () => 'Enter the code below to confirm it is you.',
    action: '',
  },
  email_change: {
    subject: 'Confirm Email Change',
    heading: 'Confirm Change of Email',
    intro: (d) => `Follow this link to confirm the update of your email from ${d.email} to ${d.newEmail ?? ''}:`,
    action: 'Change Email',
  },
};

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => entities[ch] ?? ch);

export function renderMail(
  kind: MailKind,
  data: MailData,
  custom?: CustomTemplate,
  siteUrl = '',
): { subject: string; text: string; html: string } {
  const t = templates[kind];
  if (custom) {
    const vars = templateVariables(data, siteUrl);
    const fallback = renderMail(kind, data);
    const html = custom.html === null ? fallback.html : renderTemplate(custom.html, vars);
    return {
      subject: custom.subject === null ? t.subject : htmlToText(renderTemplate(custom.subject, vars)),
      html,
      text: custom.html === null ? fallback.text : htmlToText(html),
    };
  }
  if (data.confirmationUrl === '') {
    // A code-only mail (reauthentication): there is no link to follow.
    const text = `${t.heading}\n\n${t.intro(data)}\n\nEnter the code: ${data.token}\n`;
    return { subject: t.subject, text, html: `<h2>${escapeHtml(t.heading)}</h2>\n<p>Enter the code: ${escapeHtml(data.token)}</p>\n` };
  }
  const text = `${t.heading}\n\n${t.intro(data)}\n${data.confirmationUrl}\n\nAlternatively, enter the code: ${data.token}\n`;
  const html = `<h2>${escapeHtml(t.heading)}</h2>\n<p>${escapeHtml(t.intro(data))}</p>\n<p><a href="${escapeHtml(data.confirmationUrl)}">${escapeHtml(t.action)}</a></p>\n<p>Alternatively, enter the code: ${escapeHtml(data.token)}</p>\n`;
  return { subject: t.subject, text, html };
}

/**
 * SMTP_URL, else `[auth.email.smtp]` with `enabled = true` (host, port, user, pass as the CLI
 * reads them), else null: mail stays local.
 */
export function smtpUrlOf(config: ServerConfig): string | null {
  if (config.smtpUrl) return config.smtpUrl;
  const t = config.toml;
  const host = tomlValue(t, 'auth.email.smtp.host', '');
  if (!tomlValue(t, 'auth.email.smtp.enabled', false) || host === '') return null;
  const user = tomlValue(t, 'auth.email.smtp.user', '');
  const pass = tomlValue(t, 'auth.email.smtp.pass', '');
  const auth = user ? `${encodeURIComponent(user)}:${encodeURIComponent(pass)}@` : '';
  return `smtp://${auth}${host}:${tomlValue(t, 'auth.email.smtp.port', 587)}`;
}

/** Mail goes to the local mailbox, or by SMTP when configured (nodemailer). */
export function createMailer(
  config: ServerConfig,
  mailbox: Mailbox | null,
  options: { custom?: Partial<Record<MailKind, CustomTemplate>>; siteUrl?: string } = {},
): Mailer {
  const render = (kind: MailKind, data: MailData) => renderMail(kind, data, options.custom?.[kind], options.siteUrl);
  const smtpUrl = smtpUrlOf(config);
  if (smtpUrl) {
    // nodemailer is loaded with the first mail sent by SMTP, not with every server start (decision 457).
    let transport: Promise<Transporter> | null = null;
    const address = tomlValue(config.toml, 'auth.email.smtp.admin_email', 'admin@email.com');
    const name = tomlValue(config.toml, 'auth.email.smtp.sender_name', '');
    const from = name ? { name, address } : address;
    return {
      external: true,
      async send(kind, data) {
        const mail = render(kind, data);
        transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
        await (await transport).sendMail({ from, to: data.to, subject: mail.subject, text: mail.text, html: mail.html });
      },
    };
  }
  return {
    external: false,
    async send(kind, data) {
      mailbox?.add({ to: data.to, ...render(kind, data) });
    },
  };
}
