import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';

/** Sonner's rich colours, darkened so toast text keeps a 4.5:1 contrast (WCAG 1.4.3). */
const contrastSafeColors = {
  '--success-text': 'hsl(140, 100%, 20%)',
  '--info-text': 'hsl(210, 92%, 33%)',
  '--warning-text': 'hsl(31, 92%, 26%)',
  '--error-text': 'hsl(360, 100%, 36%)',
} as CSSProperties;

/**
 * Toasts keep clear of the phone's bottom tab bar (`--toast-bottom`, index.css), at every width
 * where it shows — sonner's own "mobile" offset starts at 600 px, the tab bar at 768 px.
 */
const aboveTabBar = { bottom: 'var(--toast-bottom)' };

/** Loaded with the first toast (components/ui/toaster.tsx). */
export default function SonnerToaster() {
  return (
    <Sonner position="bottom-center" richColors closeButton offset={aboveTabBar} mobileOffset={aboveTabBar} style={contrastSafeColors} />
  );
}
