import { Toaster as Sonner, toast } from 'sonner';

/** The one place toasts come from. */
export function Toaster() {
  return <Sonner position="bottom-center" richColors closeButton />;
}

export { toast };
