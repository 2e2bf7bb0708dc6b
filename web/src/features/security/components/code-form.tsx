import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { describeError } from '@/lib/errors';

/** A six-digit code from an authenticator app; errors (wrong, expired) in the app's words. */
export function CodeForm({ label, submitLabel, onCode }: { label: string; submitLabel: string; onCode: (code: string) => Promise<void> }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setError({ field: 'Enter the 6-digit code from your authenticator app.' });
      return;
    }
    setPending(true);
    setError({});
    try {
      await onCode(code);
    } catch (caught: unknown) {
      const described = describeError(caught);
      setError(described.reaction === 'field' ? { field: described.message } : { form: described.message });
    } finally {
      setPending(false);
    }
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
      <FormError>{error.form}</FormError>
      <FormField label={label} error={error.field}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          className="max-w-40"
          style={{ letterSpacing: '0.1em' }}
        />
      </FormField>
      <Button type="submit" aria-disabled={pending || undefined} onClick={pending ? (e) => e.preventDefault() : undefined}>
        {pending ? <Spinner label="Working" /> : null}
        {submitLabel}
      </Button>
    </form>
  );
}
