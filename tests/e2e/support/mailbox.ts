export interface MailMessage {
  id: string;
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

function recipients(message: MailMessage): string[] {
  return (Array.isArray(message.to) ? message.to : [message.to]).map((r) => r.toLowerCase());
}

/** Newest-first messages of the local mailbox (`/_dev/mail/api/messages`). */
export async function listMail(baseUrl: string): Promise<MailMessage[]> {
  const response = await fetch(`${baseUrl}/_dev/mail/api/messages`);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  const body: unknown = await response.json();
  if (Array.isArray(body)) return body as MailMessage[];
  if (body && typeof body === 'object' && 'messages' in body && Array.isArray(body.messages)) return body.messages as MailMessage[];
  throw new Error('mailbox answered an unexpected shape');
}

/** Waits for the newest mail to `to` whose subject matches, newer than `since`. */
export async function waitForMail(baseUrl: string, to: string, subject: RegExp, since = 0, timeoutMs = 10_000): Promise<MailMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await listMail(baseUrl)).find(
      (m) => recipients(m).some((r) => r.includes(to.toLowerCase())) && subject.test(m.subject) && Date.parse(m.created_at) >= since - 1000,
    );
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** The first link in a mail that goes through the auth service's verify endpoint. */
export function verifyLink(message: MailMessage): string {
  const source = `${message.text}\n${message.html}`.replaceAll('&amp;', '&');
  const match = /https?:\/\/[^\s"'<>]+\/auth\/v1\/verify\?[^\s"'<>]+/.exec(source);
  if (!match) throw new Error(`no verify link in mail "${message.subject}"`);
  return match[0];
}

/**
 * The link of a mail written from the project's templates (supabase/templates): the app's
 * `/auth/confirm?token_hash=…&type=…`, which works in whichever browser opens it.
 */
export function confirmLink(message: MailMessage): string {
  const source = `${message.html}\n${message.text}`.replaceAll('&amp;', '&');
  const match = /https?:\/\/[^\s"'<>()]+\/auth\/confirm\?token_hash=[^\s"'<>()]+/.exec(source);
  if (!match) throw new Error(`no confirm link in mail "${message.subject}"`);
  return match[0];
}
