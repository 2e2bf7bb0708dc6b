import { Bookmark, MapPin, Plus, Star } from 'lucide-react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { UserMenu } from './user-menu';

function navClass({ isActive }: { isActive: boolean }) {
  return cn('rounded-md px-3 py-2 text-sm font-medium', isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100');
}

export function Layout() {
  const location = useLocation();
  const { status } = useAuth();
  return (
    <div className="flex min-h-full flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4">
          <Link to={paths.explore()} className="flex items-center gap-2 text-lg font-bold text-brand-600">
            <MapPin aria-hidden="true" className="size-6" />
            Pinstar
          </Link>
          <nav aria-label="Main" className="flex min-w-0 items-center gap-1">
            <NavLink to={paths.explore()} end className={navClass}>
              Explore
            </NavLink>
            <NavLink to={paths.moderationLog()} className={navClass}>
              Moderation log
            </NavLink>
            {status === 'signed-in' ? (
              <>
                <NavLink to={paths.starred()} className={(state) => cn(navClass(state), 'hidden items-center gap-1.5 sm:inline-flex')}>
                  <Star aria-hidden="true" className="size-4" />
                  Starred
                </NavLink>
                <NavLink to={paths.lists()} className={(state) => cn(navClass(state), 'inline-flex items-center gap-1.5')}>
                  <Bookmark aria-hidden="true" className="size-4" />
                  Lists
                </NavLink>
                <NavLink to={paths.placeNew()} className={(state) => cn(navClass(state), 'hidden items-center gap-1.5 sm:inline-flex')}>
                  <Plus aria-hidden="true" className="size-4" />
                  Add a place
                </NavLink>
              </>
            ) : null}
          </nav>
          <div className="ml-auto">
            <UserMenu here={location.pathname + location.search} />
          </div>
        </div>
      </header>
      <main id="main" className="flex flex-1 flex-col">
        <Outlet />
      </main>
      <Toaster />
    </div>
  );
}
