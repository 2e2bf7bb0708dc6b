import { CircleUserRound } from 'lucide-react';
import { NavLink } from 'react-router';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { authPrefix, paths } from '@/lib/paths';
import { feedTab, navTabs, type NavTab } from './nav-tabs';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-14 min-w-11 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
    isActive ? 'text-brand-700' : 'text-slate-700',
  );

/**
 * The phone's bottom tab bar (under 768 px): icon and label per destination, the current one
 * marked (`aria-current`, its colour and a pill behind the icon), above the home indicator (safe-area inset).
 * Members also get "Feed". "Me" is the member's account (settings: profile, account, data), or sign-in for a visitor; the
 * profile query stays out of the first download.
 */
export function TabBar({ here }: { here: string }) {
  const { user: signedIn, needsCode } = useAuth();
  // Until the authenticator's code is accepted, the tabs are a visitor's.
  const user = needsCode ? null : signedIn;
  const me = user ? paths.settings() : paths.signIn({ next: here.startsWith(authPrefix) ? null : here });
  // Members get their feed before the moderation log.
  const tabs = user ? [...navTabs.slice(0, 3), feedTab, ...navTabs.slice(3)] : navTabs;
  return (
    <nav
      aria-label="Tabs"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto flex max-w-xl">
        {[...tabs, { label: 'Me', to: me, icon: CircleUserRound } as NavTab].map((tab) => (
          <li key={tab.label} className="flex flex-1">
            {/* A short label is shown; the full one is the link's name ("Add" → "Add a place"). */}
            <NavLink to={tab.to} end={tab.end} className={tabClass} aria-label={tab.short && tab.label}>
              {({ isActive }) => (
                <>
                  <span className={cn('flex h-7 w-12 items-center justify-center rounded-full', isActive && 'bg-brand-50')}>
                    <tab.icon aria-hidden="true" className="size-5" />
                  </span>
                  {tab.short ?? tab.label}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
