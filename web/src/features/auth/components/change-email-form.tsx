import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useUser } from '@/lib/auth';
import { applyServerError } from '@/lib/form-errors';
import { useChangeEmail } from '../api/change-email';
import { emailSchema } from '../schemas';
import { SubmitButton } from './submit-button';

export function ChangeEmailForm() {
  const user = useUser();
  const schema = z.object({
    email: emailSchema.refine((e) => e.toLowerCase() !== (user.email ?? '').toLowerCase(), 'That is already your email.'),
  });
  const form = useForm<{ email: string }>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const changeEmail = useChangeEmail();
  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await changeEmail.mutateAsync(email);
      form.reset();
    } catch (error: unknown) {
      applyServerError(form.setError, error, ['email']);
    }
  });
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <p className="text-sm text-slate-700">
        Current email: <span className="font-medium">{user.email}</span>
        {user.new_email ? <span className="block">Waiting for confirmation of {user.new_email}.</span> : null}
      </p>
      <FormError>{errors.root?.server?.message}</FormError>
      <FormField label="New email" error={errors.email?.message} hint="We’ll send a link to confirm it.">
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="send"
          {...form.register('email')}
        />
      </FormField>
      <SubmitButton pending={isSubmitting}>Change email</SubmitButton>
    </form>
  );
}
