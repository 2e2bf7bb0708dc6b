import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { safeNextPath } from '@/lib/auth-redirect';
import { describeError } from '@/lib/errors';
import { supabase, supabaseAnonKey, supabaseUrl } from '@/lib/supabase';

const offered = [
  { id: 'google', label: 'Google' },
  { id: 'github', label: 'GitHub' },
  { id: 'apple', label: 'Apple' },
] as const;

type ProviderId = (typeof offered)[number]['id'];

/** The providers the auth server reports enabled (GET /auth/v1/settings → `external`). */
function useEnabledProviders() {
  return useQuery({
    queryKey: ['auth-settings', 'external'],
    staleTime: Infinity,
    queryFn: async (): Promise<ProviderId[]> => {
      const response = await fetch(`${supabaseUrl}/auth/v1/settings`, { headers: { apikey: supabaseAnonKey } });
      if (!response.ok) return [];
      const settings = (await response.json()) as { external?: Record<string, boolean> };
      return offered.filter((p) => settings.external?.[p.id] === true).map((p) => p.id);
    },
    meta: { errorToast: false },
  });
}

/** "Continue with Google / GitHub / Apple" for the providers the server enables; nothing when none is. */
export function ProviderButtons({ next }: { next: string | null }) {
  const { data: enabled = [] } = useEnabledProviders();
  const [error, setError] = useState<string | null>(null);
  if (enabled.length === 0) return null;
  const start = async (provider: ProviderId) => {
    setError(null);
    const redirectTo = `${window.location.origin}${safeNextPath(next)}`;
    const { error: failed } = await supabase.auth.signInWithOAuth({ provider, options: { redirectTo } });
    if (failed) setError(describeError(failed).message);
  };
  return (
    <div className="space-y-2">
      <FormError>{error}</FormError>
      {offered
        .filter((p) => enabled.includes(p.id))
        .map((p) => (
          <Button key={p.id} variant="secondary" className="w-full" onClick={() => void start(p.id)}>
            Continue with {p.label}
          </Button>
        ))}
    </div>
  );
}
