import { Suspense, useSyncExternalStore } from 'react';
import { importAnew, lazyComponent } from '@/lib/lazy-component';
import { toastWanted } from '@/lib/toast';

/**
 * Where toasts show. Sonner is not in the first download, nor in what a page downloads until a
 * toast is shown (decision 425): this renders nothing until the first `toast.*` (lib/toast.ts).
 */
const SonnerToaster = lazyComponent(importAnew(() => import('./sonner-toaster')));

export function Toaster() {
  const shown = useSyncExternalStore(toastWanted.subscribe, toastWanted.get, () => false);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
