import { Suspense } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { importAnew, lazyComponent } from '@/lib/lazy-component';
import { authPrefix, paths } from '@/lib/paths';

const AccountMenu = lazyComponent(importAnew(() => import('./account-menu')));
const MemberHeader = lazyComponent(importAnew(() => import('./member-header')));

/** Holds the account menu's place (its trigger is 56 × 44 px) while it loads: no layout shift. */
const placeholder = <span className="inline-block h-11 w-14" aria-hidden="true" />;

/**
 * "Sign in" for visitors; the avatar and account menu for members. A member whose sign-in still
 * waits for the code from their authenticator app is not signed in yet: no member controls.
 */
export function UserMenu({ here }: { here: string }) {
  const { status, user, needsCode } = useAuth();
  if (status === 'loading') return <span className="size-9" aria-hidden="true" />;
  if (!user || needsCode) {
    return (
      <Link
        to={paths.signIn({ next: here.startsWith(authPrefix) ? null : here })}
        className={buttonVariants({ size: 'sm', className: 'min-h-11 whitespace-nowrap md:min-h-8' })}
      >
        Sign in
      </Link>
    );
  }
  return (
    <>
      {/* The bell's place (44 × 44 px) is held while it loads. */}
      <Suspense fallback={<span className="inline-block size-11" aria-hidden="true" />}>
        <MemberHeader />
      </Suspense>
      <Suspense fallback={placeholder}>
        <AccountMenu />
      </Suspense>
    </>
  );
}
