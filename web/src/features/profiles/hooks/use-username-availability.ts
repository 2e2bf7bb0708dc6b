import { useEffect, useState } from 'react';
import { isUsernameAvailable } from '../api/profiles';
import { usernameSchema } from '../schemas';

export type Availability = 'idle' | 'checking' | 'available' | 'taken' | 'error';

/** Checks, debounced, whether a valid username is free; the current one counts as free. */
export function useUsernameAvailability(username: string, current: string, myId: string): Availability {
  const [result, setResult] = useState<{ candidate: string; value: Availability } | null>(null);
  const candidate = username.trim().toLowerCase();
  const checkable = candidate !== current && usernameSchema.safeParse(candidate).success;
  useEffect(() => {
    if (!checkable) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      isUsernameAvailable(candidate, myId).then(
        (free) => !cancelled && setResult({ candidate, value: free ? 'available' : 'taken' }),
        () => !cancelled && setResult({ candidate, value: 'error' }),
      );
    }, 300);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [candidate, checkable, myId]);
  if (!checkable) return 'idle';
  return result?.candidate === candidate ? result.value : 'checking';
}
