/** The mails auth sends (GoTrue's templates) and what each is filled with. */
export type MailKind = 'signup' | 'recovery' | 'magiclink' | 'email_change' | 'invite' | 'reauthentication';

export interface MailData {
  to: string;
  confirmationUrl: string;
  token: string;
  email: string;
  newEmail?: string;
  /** The user's metadata, a template's `{{ .Data.<key> }}`. */
  userData?: Record<string, unknown>;
}
