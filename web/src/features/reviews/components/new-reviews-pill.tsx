import { ArrowUp } from 'lucide-react';

/**
 * "N new reviews": floats over the list in a zero-height sticky slot, so appearing never moves
 * content; a polite live region announces the count.
 */
export function NewReviewsPill({ count, onShow }: { count: number; onShow: () => void }) {
  const text = count === 1 ? '1 new review' : `${count} new reviews`;
  return (
    <>
      <p aria-live="polite" className="sr-only">
        {count > 0 ? text : ''}
      </p>
      <div className="pointer-events-none sticky top-16 z-10 flex h-0 justify-center">
        {count > 0 ? (
          <button
            type="button"
            onClick={onShow}
            className="pointer-events-auto mt-2 inline-flex min-h-9 items-center gap-1.5 rounded-full bg-brand-600 px-4 text-sm font-semibold text-white shadow-lg hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:hover:bg-[#9f1239]"
          >
            <ArrowUp aria-hidden="true" className="size-4" />
            {text}
          </button>
        ) : null}
      </div>
    </>
  );
}
