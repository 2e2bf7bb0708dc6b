import { useCallback, useSyncExternalStore } from 'react';

/** What the member chose in the account menu; "system" follows the device's setting. */
export type ThemeChoice = 'system' | 'light' | 'dark';
export const themeChoices: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/**
 * Remembered per device (localStorage), not per account. index.html reads the same key in an
 * inline script before the first paint, so a dark page never flashes light; keep the two in step.
 */
export const themeStorageKey = 'pinstar-theme';
const darkQuery = '(prefers-color-scheme: dark)';

function readChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(themeStorageKey);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** Puts `.dark` on <html> (Tailwind's dark variant and the dark tokens in index.css hang on it). */
function apply(choice: ThemeChoice): void {
  const dark = choice === 'dark' || (choice === 'system' && window.matchMedia(darkQuery).matches);
  document.documentElement.classList.toggle('dark', dark);
}

const listeners = new Set<() => void>();
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = window.matchMedia(darkQuery);
  const onSystemChange = () => apply(readChoice());
  media.addEventListener('change', onSystemChange);
  return () => {
    listeners.delete(listener);
    media.removeEventListener('change', onSystemChange);
  };
}

/** The current choice and a setter that applies it at once and remembers it on this device. */
export function useTheme(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const choice = useSyncExternalStore(subscribe, readChoice, () => 'system' as const);
  const setChoice = useCallback((next: ThemeChoice) => {
    try {
      if (next === 'system') localStorage.removeItem(themeStorageKey);
      else localStorage.setItem(themeStorageKey, next);
    } catch {
      // Storage refused (private mode): the choice lasts for this page only.
    }
    apply(next);
    for (const listener of listeners) listener();
  }, []);
  return [choice, setChoice];
}
