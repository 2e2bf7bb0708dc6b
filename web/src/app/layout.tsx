import { MapPin, Search } from 'lucide-react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { PageSkeleton } from '@/components/page-skeleton';
import { Toaster } from '@/components/ui/toaster';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { navTabs } from './nav/nav-tabs';
import { TabBar } from './nav/tab-bar';
import { OfflineBanner } from './offline-banner';
import { OutboxPanel } from './outbox-panel';
import { OutboxRunner } from './outbox-runner';
import { PersistCache } from './persist-cache';
import { UserMenu } from './user-menu';

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    'inline-flex items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
  );
}

/**
 * The frame of every page. From 768 px a top bar with the logo, the destinations and the
 * account; below it the top bar keeps the logo, search and the account, and the destinations
 * move to the bottom tab bar (decision 190). Neither bar wraps from 320 px up. `loading`: the
 * page's code is still on its way (the router's first render), a skeleton holds its place.
 */
export function Layout({ loading = false }: { loading?: boolean }) {
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <div className="flex min-h-full flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-surface focus:p-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-surface/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-4 md:gap-4">
          <Link to={paths.explore()} className="flex min-h-11 items-center gap-2 text-lg font-bold text-brand-600 dark:text-brand-500">
            <MapPin aria-hidden="true" className="size-6" />
            Pinstar
          </Link>
          <nav aria-label="Main" className="hidden min-w-0 items-center gap-1 md:flex">
            {navTabs.map((tab) => (
              <NavLink key={tab.to} to={tab.to} end={tab.end} className={navClass}>
                {tab.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-1">
            <Link
              to={{ pathname: paths.explore(), hash: 'search' }}
              className="inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 md:hidden"
            >
              <Search aria-hidden="true" className="size-5" />
              <span className="sr-only">Search</span>
            </Link>
            <UserMenu here={here} />
          </div>
        </div>
      </header>
      <OfflineBanner />
      <OutboxPanel />
      <OutboxRunner />
      <PersistCache />
      <main id="main" className="flex flex-1 flex-col pb-[calc(3.5rem+env(safe-area-inset-bottom))] md:pb-0">
        {loading ? <PageSkeleton /> : <Outlet />}
      </main>
      <TabBar here={here} />
      <Toaster />
    </div>
  );
}
