import { ArrowUp } from 'lucide-react';

/**
 * "N new …": floats over a list in a zero-height sticky slot, so appearing never moves
 * content; a polite live region announces the count.
 */
export function NewItemsPill({ count, one, many, onShow }: { count: number; one: string; many: string; onShow: () => void }) {
  const text = `${count} new ${count === 1 ? one : many}`;
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
