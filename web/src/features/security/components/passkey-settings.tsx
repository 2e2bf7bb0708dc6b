import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { formatRelativeDate, formatShortDate } from '@/lib/dates';
import { describeError } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey, type Passkey } from '../api/passkeys';

function RenameForm({ userId, passkey, onDone }: { userId: string; passkey: Passkey; onDone: () => void }) {
  const rename = useRenamePasskey(userId);
  const [name, setName] = useState(passkey.friendly_name ?? '');
  const [error, setError] = useState<string | undefined>(undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    // The server's limit is 120 bytes (GoTrue counts bytes).
    if (trimmed === '' || new TextEncoder().encode(trimmed).length > 120) {
      setError('Names are 1–120 characters.');
      return;
    }
    rename.mutateAsync({ passkeyId: passkey.id, name: trimmed }).then(onDone, (caught: unknown) => setError(describeError(caught).message));
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <FormField label="Passkey name" error={error}>
        <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} autoComplete="off" />
      </FormField>
      <Button type="submit" disabled={rename.isPending}>
        Save
      </Button>
      <Button variant="ghost" onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}

/** Settings → Security: the member's passkeys with their names and last use; add, rename and remove. */
export function PasskeySettings({ userId }: { userId: string }) {
  const passkeys = usePasskeys(userId);
  const add = useAddPasskey(userId);
  const remove = useRemovePasskey(userId);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (passkeys.isPending) return <Skeleton className="h-16 w-full" />;
  if (passkeys.error) return <FormError>{describeError(passkeys.error).message}</FormError>;
  return (
    <div className="space-y-3">
      {passkeys.data.length === 0 ? (
        <p className="text-sm text-slate-700">Sign in with your fingerprint, face or screen lock instead of a password.</p>
      ) : (
        <ul aria-label="Passkeys" className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {passkeys.data.map((passkey) => {
            const name = passkey.friendly_name || 'Passkey';
            return (
              <li key={passkey.id} className="space-y-2 p-3">
                {renaming === passkey.id ? (
                  <RenameForm userId={userId} passkey={passkey} onDone={() => setRenaming(null)} />
                ) : (
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <span className="text-sm">
                      <span className="font-medium">{name}</span>
                      <span className="block text-slate-600">
                        {passkey.last_used_at ? `Last used ${formatRelativeDate(passkey.last_used_at)}` : 'Not used yet'} · Added{' '}
                        {formatShortDate(passkey.created_at)}
                      </span>
                    </span>
                    <span className="flex gap-2">
                      <Button variant="ghost" aria-label={`Rename ${name}`} onClick={() => setRenaming(passkey.id)}>
                        Rename
                      </Button>
                      <Button
                        variant="secondary"
                        aria-label={`Remove ${name}`}
                        disabled={remove.isPending}
                        // A failure is toasted by the app's one error path (lib/query-client.ts), not here.
                        onClick={() => remove.mutate(passkey.id, { onSuccess: () => toast.success('Passkey removed') })}
                      >
                        Remove
                      </Button>
                    </span>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <FormError>{error}</FormError>
      <Button
        disabled={add.isPending}
        onClick={() => {
          setError(null);
          add.mutateAsync().then(
            () => toast.success('Passkey added'),
            (caught: unknown) => setError(describeError(caught).message),
          );
        }}
      >
        Add a passkey
      </Button>
    </div>
  );
}
