export { useSignOut } from './api/sign-out';
export { AuthCard } from './components/auth-card';
export { ChangeEmailForm } from './components/change-email-form';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { ResetPasswordPanel } from './components/reset-password-panel';
export { SetPasswordForm } from './components/set-password-form';
export { SignInForm } from './components/sign-in-form';
export { SignUpForm } from './components/sign-up-form';
export * from './schemas';
