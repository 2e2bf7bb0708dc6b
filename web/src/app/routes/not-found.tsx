import { MapPinOff } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/lib/paths';

export function NotFoundRoute() {
  return (
    <section className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <MapPinOff aria-hidden="true" className="size-12 text-slate-400" />
      <h1 className="text-2xl font-semibold">We couldn’t find that page</h1>
      <p className="text-slate-600">The link may be broken, or the place may have been removed. Try exploring the map instead.</p>
      <Link to={paths.explore()} className={buttonVariants()}>
        Back to Explore
      </Link>
    </section>
  );
}
