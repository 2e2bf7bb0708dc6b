import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { preferenceLabels, preferencesQuery, useSavePreferences, type PreferenceKey, type Preferences } from '../api/preferences';

function PreferencesForm({ userId, initial }: { userId: string; initial: Preferences }) {
  const [values, setValues] = useState(initial);
  const save = useSavePreferences(userId);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(values);
      }}
      className="space-y-3"
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Notify me about</legend>
        {(Object.keys(preferenceLabels) as PreferenceKey[]).map((key) => (
          <label key={key} className="flex min-h-6 items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={values[key]}
              onChange={(event) => setValues((v) => ({ ...v, [key]: event.target.checked }))}
              className="size-4 accent-brand-600"
            />
            {preferenceLabels[key]}
          </label>
        ))}
      </fieldset>
      <Button type="submit" size="sm" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save notification settings'}
      </Button>
    </form>
  );
}

/** Settings → Notifications: one switch per kind. */
export function NotificationPreferences({ userId }: { userId: string }) {
  const query = useQuery(preferencesQuery(userId));
  if (!query.data) return null;
  return <PreferencesForm userId={userId} initial={query.data} />;
}
