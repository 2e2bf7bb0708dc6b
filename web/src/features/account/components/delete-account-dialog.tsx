import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogTrigger } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useUser } from '@/lib/auth';
import { describeError } from '@/lib/errors';
import { firstVerifiedFactor, verifiedFactors, verifyCode, verifyWithSecurityKey } from '@/lib/mfa';
import { toast } from '@/lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import { deleteAccountInput, type DeleteAccountInput } from '../schemas';

const choices = [
  { value: 'anonymize', label: 'Keep my reviews, without my name', hint: 'They stay on places as “Former member”.' },
  { value: 'delete', label: 'Delete my reviews too', hint: 'Ratings they gave are removed from places.' },
] as const;

export function DeleteAccountDialog({ username }: { username: string }) {
  const [open, setOpen] = useState(false);
  // A member with an authenticator app confirms the deletion with a fresh code too; one with only
  // a security key, with a touch of the key.
  const verified = (useUser().factors ?? []).filter((factor) => factor.status === 'verified');
  const enrolled = verified.some((factor) => factor.factor_type === 'totp');
  const keyOnly = !enrolled && verified.some((factor) => factor.factor_type === 'webauthn');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>(undefined);
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountInput(username)),
    defaultValues: { confirmation: '', reviews: 'anonymize' },
  });
  const { errors, isSubmitting } = form.formState;
  const deletion = useDeleteAccount();
  const onSubmit = form.handleSubmit(async ({ reviews }) => {
    setCodeError(undefined);
    if (enrolled && !/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setCodeError('Enter the 6-digit code from your authenticator app.');
      return;
    }
    try {
      if (enrolled) {
        const factor = await firstVerifiedFactor();
        if (factor) await verifyCode(factor.id, code);
      } else if (keyOnly) {
        const key = (await verifiedFactors()).webauthn[0];
        if (key) await verifyWithSecurityKey(key.id);
      }
      await deletion.mutateAsync(reviews);
      setOpen(false);
      toast.success('Your account has been deleted');
    } catch (error: unknown) {
      const described = describeError(error);
      if (described.field === 'code') setCodeError(described.message);
      else form.setError('root.server', { message: described.message });
    }
  });
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (isSubmitting) return;
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="destructive">Delete account…</Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        title="Delete your account?"
        description="Your profile, photos, stars and sign-in are removed for good; places you added stay on the map without your name. This can’t be undone."
      >
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 space-y-4">
          <FormError>{errors.root?.server?.message}</FormError>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">Your reviews</legend>
            {choices.map((choice) => (
              <label
                key={choice.value}
                className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 has-checked:border-brand-600"
              >
                <input type="radio" value={choice.value} className="mt-1 size-4 accent-brand-600" {...form.register('reviews')} />
                <span>
                  <span className="block text-sm font-medium">{choice.label}</span>
                  <span className="block text-sm text-slate-600">{choice.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <FormField label={`Type ${username} to confirm`} error={errors.confirmation?.message}>
            <Input autoComplete="off" autoCapitalize="none" spellCheck={false} {...form.register('confirmation')} />
          </FormField>
          {enrolled ? (
            <FormField label="Code from your authenticator app" error={codeError}>
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </FormField>
          ) : null}
          {keyOnly ? <p className="text-sm text-slate-700">You’ll confirm with your security key.</p> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogCancel disabled={isSubmitting}>Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              {isSubmitting ? 'Deleting…' : 'Delete my account'}
            </Button>
          </div>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
