import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { messages } from '@/lib/errors';
import { applyServerError } from '@/lib/form-errors';
import { useUpdateProfile } from '../api/update-profile';
import { useUsernameAvailability } from '../hooks/use-username-availability';
import { profileInput, type Profile, type ProfileInput } from '../schemas';

const availabilityText = { idle: '', checking: 'Checking…', available: 'Available', taken: messages.usernameTaken, error: '' } as const;

export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile(profile.id);
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileInput),
    defaultValues: { username: profile.username, displayName: profile.display_name, bio: profile.bio ?? '' },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const username = useWatch({ control: form.control, name: 'username' });
  const bio = useWatch({ control: form.control, name: 'bio' });
  const availability = useUsernameAvailability(username, profile.username, profile.id);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset({ username: saved.username, displayName: saved.display_name, bio: saved.bio ?? '' });
    } catch (error: unknown) {
      applyServerError(form.setError, error, ['username', 'displayName', 'bio'], { table: 'profiles' });
    }
  });
  const usernameError = errors.username?.message ?? (availability === 'taken' ? messages.usernameTaken : undefined);
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <FormError>{errors.root?.server?.message}</FormError>
      <FormField
        label="Username"
        error={usernameError}
        hint={
          <>
            3–24 lowercase letters, digits or underscores. Your page: /u/{username || profile.username}.
            {availability === 'available' || availability === 'checking' ? (
              <span aria-live="polite" className="ml-1 font-medium text-slate-800">
                {availabilityText[availability]}
              </span>
            ) : null}
          </>
        }
      >
        {/* Not `username`: members sign in with their email, and a password manager would pair this handle with the password. */}
        <Input
          autoComplete="off"
          enterKeyHint="next"
          autoCapitalize="none"
          spellCheck={false}
          {...form.register('username', { setValueAs: (v: string) => v.trim().toLowerCase() })}
        />
      </FormField>
      <FormField label="Display name" error={errors.displayName?.message}>
        <Input autoComplete="nickname" enterKeyHint="next" {...form.register('displayName')} />
      </FormField>
      <FormField label="Bio" error={errors.bio?.message} hint={`${bio.length}/280`}>
        <Textarea rows={3} {...form.register('bio')} />
      </FormField>
      <Button type="submit" disabled={isSubmitting || !isDirty || availability === 'taken'}>
        Save profile
      </Button>
    </form>
  );
}
