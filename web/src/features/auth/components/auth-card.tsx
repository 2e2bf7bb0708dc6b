import type { ReactNode } from 'react';

/** The frame of every auth screen: one heading, one column, comfortable on a phone. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section aria-labelledby="auth-title" className="mx-auto w-full max-w-md px-4 py-10">
      <h1 id="auth-title" className="text-2xl font-semibold">
        {title}
      </h1>
      {description ? <p className="mt-2 text-slate-600">{description}</p> : null}
      <div className="mt-6">{children}</div>
      {footer ? <div className="mt-6 space-y-2 text-sm text-slate-700">{footer}</div> : null}
    </section>
  );
}
