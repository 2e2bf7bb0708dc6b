import { hash, verify } from '@node-rs/bcrypt';
import { AuthError, authErrors } from './errors.ts';
import type { AuthSettings } from './settings.ts';

/** Hosted GoTrue hashes with bcrypt cost 10 (models/user.go SetPassword → crypto.GenerateFromPassword). */
export const bcryptCost = 10;
/** bcrypt's least cost, what GoTrue's own tests hash with (`crypto.QuickHashCost`). */
export const quickBcryptCost = 4;

let hashCost = bcryptCost;

/**
 * New hashes of this process at bcrypt's least cost, for test processes only: GoTrue's own suites
 * do the same (`crypto.PasswordHashCost = crypto.QuickHashCost` in their `init`). A hash at cost
 * 10 takes about 52 ms of CPU, and a run of the suites hashes or checks about 760 passwords
 * (decision 450). Nothing reads it from configuration or the environment, so no deployment can
 * turn it on: only code in the server's own process can. Verifying reads the cost from the
 * stored hash, so hashes of either cost verify.
 */
export function useQuickPasswordHashes(): void {
  hashCost = quickBcryptCost;
}

/**
 * Hashes on libuv's thread pool, so the event loop keeps serving while bcrypt works. Go's
 * bcrypt writes the `$2a$` prefix; for passwords of at most 72 bytes (enforced below) 2a and
 * 2b hash identically, so only the label differs.
 */
export async function hashPassword(password: string): Promise<string> {
  const hashed = await hash(password, hashCost);
  return `$2a$${hashed.slice(4)}`;
}

export async function verifyPassword(password: string, encrypted: string | null): Promise<boolean> {
  if (!encrypted || !encrypted.startsWith('$2')) return false;
  try {
    return await verify(password, encrypted);
  } catch {
    return false;
  }
}

const characterSets: Record<string, string[]> = {
  letters_digits: ['abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
  lower_upper_letters_digits: ['abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
  lower_upper_letters_digits_symbols: [
    'abcdefghijklmnopqrstuvwxyz',
    'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    '0123456789',
    '!@#$%^&*()_+-=[]{};\':"|<>?,./`~',
  ],
};

/** How a password fails the current policy (GoTrue's WeakPasswordError: message and reasons), or null. */
export function weakPasswordOf(settings: AuthSettings, password: string): { message: string; reasons: string[] } | null {
  try {
    checkPasswordStrength(settings, password);
    return null;
  } catch (error: unknown) {
    return error instanceof AuthError && error.reasons ? { message: error.message, reasons: error.reasons } : null;
  }
}

/**
 * checkPasswordStrength (internal/api/password.go): minimum length and required character
 * classes; failing either is `weak_password` (422) with the reasons `length` / `characters`.
 */
export function checkPasswordStrength(settings: AuthSettings, password: string): void {
  if (Buffer.byteLength(password) > 72) throw authErrors.validation422('Password cannot be longer than 72 characters');
  const messages: string[] = [];
  const reasons: string[] = [];
  if ([...password].length < settings.minimumPasswordLength) {
    messages.push(`Password should be at least ${settings.minimumPasswordLength} characters.`);
    reasons.push('length');
  }
  const sets = characterSets[settings.passwordRequirements];
  if (sets && !sets.every((set) => [...password].some((ch) => set.includes(ch)))) {
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
    reasons.push('characters');
  }
  if (reasons.length > 0) throw authErrors.weakPassword(messages.join(' '), reasons);
}
