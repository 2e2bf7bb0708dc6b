import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { applyServerError } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { useSignIn } from '../api/sign-in';
import { signInInput, type SignInInput } from '../schemas';
import { ResendConfirmation } from './resend-confirmation';
import { SubmitButton } from './submit-button';

export function SignInForm() {
  const form = useForm<SignInInput>({ resolver: zodResolver(signInInput), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const signIn = useSignIn();
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values);
    } catch (error: unknown) {
      applyServerError(form.setError, error, ['email', 'password']);
    }
  });
  const serverError = errors.root?.server;
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <FormError>
        {serverError?.message}
        {serverError?.type === 'email_not_confirmed' ? (
          <span className="mt-2 block">
            <ResendConfirmation email={form.getValues('email')} />
          </span>
        ) : null}
      </FormError>
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
      <FormField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" enterKeyHint="go" {...form.register('password')} />
      </FormField>
      <div className="flex items-center justify-between gap-4">
        <SubmitButton pending={isSubmitting}>Sign in</SubmitButton>
        <Link to={paths.forgotPassword()} className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
          Forgot password?
        </Link>
      </div>
    </form>
  );
}
