import { Star } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { PendingNote } from '@/components/pending-note';
import { Button, buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { useStar } from '../hooks/use-star';

/** Star / unstar a place (members); visitors are offered to sign in. */
export function StarButton({ userId, placeId, placeName }: { userId: string | null; placeId: string; placeName?: string }) {
  const { starred, toggle } = useStar(userId, placeId, placeName);
  const location = useLocation();
  if (!userId) {
    return (
      <Link to={paths.signIn({ next: location.pathname })} className={buttonVariants({ variant: 'secondary' })}>
        <Star aria-hidden="true" className="size-4" />
        Sign in to star
      </Link>
    );
  }
  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="secondary" aria-pressed={starred} onClick={toggle}>
        <Star aria-hidden="true" className={cn('size-4', starred && 'fill-amber-400 text-amber-500')} />
        {starred ? 'Starred' : 'Star'}
      </Button>
      <PendingNote userId={userId} kind="star" subject={placeId} />
    </span>
  );
}
