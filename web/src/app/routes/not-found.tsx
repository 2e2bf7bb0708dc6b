import { MapPinOff } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/lib/paths';

/** What a link pointed at, for words that name it. */
type Missing = 'page' | 'list';

const explanations: Record<Missing, { title: string; body: string }> = {
  page: {
    title: 'We couldn’t find that page',
    body: 'The link may be broken, or what it pointed to may have been removed. Try exploring the map instead.',
  },
  // A private list answers as an unknown one: whether it exists is its owner's to tell.
  list: {
    title: 'We couldn’t find that list',
    body: 'The link may be broken, or the list is private or no longer there. If someone sent you this link, ask them to invite you to the list.',
  },
};

export function NotFoundRoute({ what = 'page' }: { what?: Missing }) {
  const { title, body } = explanations[what];
  return (
    <section className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <MapPinOff aria-hidden="true" className="size-12 text-slate-400" />
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-slate-600">{body}</p>
      <Link to={paths.explore()} className={buttonVariants()}>
        Back to Explore
      </Link>
    </section>
  );
}
