import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/lib/auth';
import { messages } from '@/lib/errors';
import { applyServerError } from '@/lib/form-errors';
import { useUpdatePassword } from '../api/update-password';
import { setPasswordInput, type SetPasswordInput } from '../schemas';
import { SubmitButton } from './submit-button';

/**
 * New password + confirmation; used after a recovery link and in account settings, where the
 * current password is asked for too (`askCurrent`: a recovery link already proved who it is).
 */
export function SetPasswordForm({
  submitLabel,
  onDone,
  askCurrent = false,
}: {
  submitLabel: string;
  onDone?: () => void;
  askCurrent?: boolean;
}) {
  const form = useForm<SetPasswordInput>({
    resolver: zodResolver(setPasswordInput),
    defaultValues: { current: '', password: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const updatePassword = useUpdatePassword();
  const { user } = useAuth();
  const onSubmit = form.handleSubmit(async (values) => {
    if (askCurrent && values.current === '') {
      form.setError('current', { message: messages.currentPasswordRequired }, { shouldFocus: true });
      return;
    }
    try {
      await updatePassword.mutateAsync({ password: values.password, current: askCurrent ? values.current : undefined });
      form.reset();
      onDone?.();
    } catch (error: unknown) {
      applyServerError(form.setError, error, ['current', 'password']);
    }
  });
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <FormError>{errors.root?.server?.message}</FormError>
      {/* Whose password this is, for password managers (they pair a new password with a username). */}
      <input type="email" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
      {askCurrent ? (
        <FormField label="Current password" error={errors.current?.message}>
          <Input type="password" autoComplete="current-password" enterKeyHint="next" {...form.register('current')} />
        </FormField>
      ) : null}
      <FormField label="New password" error={errors.password?.message} hint="At least 8 characters.">
        <Input type="password" autoComplete="new-password" enterKeyHint="next" {...form.register('password')} />
      </FormField>
      <FormField label="Confirm new password" error={errors.confirm?.message}>
        <Input type="password" autoComplete="new-password" enterKeyHint="done" {...form.register('confirm')} />
      </FormField>
      <SubmitButton pending={isSubmitting}>{submitLabel}</SubmitButton>
    </form>
  );
}
