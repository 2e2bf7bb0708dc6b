import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { applyServerError } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { useSignUp } from '../api/sign-up';
import { signUpInput, type SignUpInput } from '../schemas';
import { ResendConfirmation } from './resend-confirmation';
import { SubmitButton } from './submit-button';

export function SignUpForm() {
  const form = useForm<SignUpInput>({ resolver: zodResolver(signUpInput), defaultValues: { displayName: '', email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const signUp = useSignUp();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const signedIn = await signUp.mutateAsync(values);
      if (!signedIn) setSentTo(values.email);
    } catch (error: unknown) {
      applyServerError(form.setError, error, ['displayName', 'email', 'password']);
    }
  });

  // With confirmations on, the server answers an address that already has an account exactly as a
  // new one, and sends it nothing (GoTrue's signup.go, so that addresses cannot be probed): the
  // words hold either way.
  if (sentTo) {
    const link = 'font-medium text-brand-700 underline underline-offset-4';
    return (
      <div role="status" className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4">
        <p className="font-medium">Check your inbox</p>
        <p className="text-sm text-slate-700">
          If {sentTo} is new to Pinstar, a confirmation link is on its way to it: open it, on any device, to finish creating your account.
        </p>
        <p className="text-sm text-slate-700">
          If that address already belongs to a confirmed account, no link is sent.{' '}
          <Link to={paths.signIn()} className={link}>
            Sign in
          </Link>{' '}
          or{' '}
          <Link to={paths.forgotPassword()} className={link}>
            reset your password
          </Link>
          .
        </p>
        <ResendConfirmation email={sentTo} />
      </div>
    );
  }
  const emailTaken = errors.email?.type === 'server';
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <FormError>{errors.root?.server?.message}</FormError>
      <FormField label="Display name" error={errors.displayName?.message} hint="Shown on your reviews. You can change it later.">
        <Input autoComplete="nickname" enterKeyHint="next" {...form.register('displayName')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="next"
          {...form.register('email')}
        />
      </FormField>
      {emailTaken ? (
        <p className="-mt-2 text-sm">
          <Link to={paths.signIn()} className="font-medium text-brand-700 underline underline-offset-4">
            Sign in instead
          </Link>
        </p>
      ) : null}
      <FormField label="Password" error={errors.password?.message} hint="At least 8 characters.">
        <Input type="password" autoComplete="new-password" enterKeyHint="go" {...form.register('password')} />
      </FormField>
      <SubmitButton pending={isSubmitting}>Create account</SubmitButton>
    </form>
  );
}
