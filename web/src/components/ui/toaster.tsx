import { Suspense } from 'react';
import { importAnew, lazyComponent } from '@/lib/lazy-component';

/**
 * Where toasts show. Sonner is not in the first download: the Toaster's chunk starts loading
 * with the first render; `toast.*` (lib/toast.ts) waits for the same module.
 */
const SonnerToaster = lazyComponent(importAnew(() => import('./sonner-toaster')));

export function Toaster() {
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
