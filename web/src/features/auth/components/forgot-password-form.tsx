import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { applyServerError } from '@/lib/form-errors';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { forgotPasswordInput, type ForgotPasswordInput } from '../schemas';
import { SubmitButton } from './submit-button';

export function ForgotPasswordForm() {
  const form = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordInput), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const requestReset = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await requestReset.mutateAsync(values);
      setSentTo(values.email);
    } catch (error: unknown) {
      applyServerError(form.setError, error, ['email']);
    }
  });
  if (sentTo) {
    return (
      <p role="status" className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
        If an account exists for {sentTo}, a link to set a new password is on its way. It works once and expires after an hour.
      </p>
    );
  }
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <FormError>{errors.root?.server?.message}</FormError>
      <FormField label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="send"
          {...form.register('email')}
        />
      </FormField>
      <SubmitButton pending={isSubmitting}>Send reset link</SubmitButton>
    </form>
  );
}
