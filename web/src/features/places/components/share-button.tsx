import { Share2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

/** The system share sheet where there is one, else the link is copied. */
export function ShareButton({ title, path }: { title: string; path: string }) {
  const share = async () => {
    const url = new URL(path, window.location.origin).toString();
    if (typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches) {
      try {
        await navigator.share({ title, url });
        return;
      } catch {
        // Cancelled or refused: fall back to copying.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch {
      toast.info(url);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void share()}>
      <Share2 aria-hidden="true" className="size-4" /> Share
    </Button>
  );
}
