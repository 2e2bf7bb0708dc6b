import { z } from 'zod';

/** Shared by every form that asks for these (same limits as the auth service and the SQL). */
export const emailSchema = z.string().trim().min(1, 'Enter your email.').pipe(z.email('Enter a valid email, like name@example.com.'));
export const newPasswordSchema = z.string().min(8, 'Use at least 8 characters.').max(72, 'Use at most 72 characters.');
export const displayNameSchema = z.string().trim().min(1, 'Enter a display name.').max(50, 'Display names are at most 50 characters.');

export const signInInput = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password.'),
});
export type SignInInput = z.infer<typeof signInInput>;

export const signUpInput = z.object({
  displayName: displayNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type SignUpInput = z.infer<typeof signUpInput>;

export const forgotPasswordInput = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

export const setPasswordInput = z
  .object({ current: z.string(), password: newPasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords don’t match.' });
export type SetPasswordInput = z.infer<typeof setPasswordInput>;
