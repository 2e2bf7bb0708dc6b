import { register } from 'node:module';
import path from 'node:path';
import { after, afterEach, before } from 'node:test';
import { GlobalRegistrator } from '@happy-dom/global-registrator';
import type { SupabaseClient } from '@supabase/supabase-js';
import type * as Rtl from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * The part of the in-process server (tests/support/server.ts) the screens use. Typed here and
 * imported by a computed specifier so this project, which type-checks with the DOM's lib, does
 * not type-check the server's code against it (the server is typed with Node's).
 */
interface ScreenServer {
  url: string;
  anonKey: string;
  fetch: typeof fetch;
  client(): SupabaseClient;
  admin(): SupabaseClient;
  close(): Promise<void>;
}
const serverSupport = '../../support/server.ts';

// Before any module of the app is imported: `@/`, extensionless imports, TSX and stylesheets.
register('./web-loader.ts', import.meta.url);

/**
 * The web app on its real providers, without a browser (decision 401; bulletproof-react's
 * `testing/test-utils.tsx` renders the same way, with mocks where Pinstar has its server):
 * the app's own router, QueryClient, auth provider, toaster and one supabase-js client, talking
 * to the whole server booted in-process on a fresh embedded database (`fetch` goes into its
 * envelope, no socket), on happy-dom. What needs a browser's layout, the map, the service
 * worker, media or real navigation stays in tests/e2e.
 */
export interface WebApp {
  server: ScreenServer;
  /** The app's one supabase-js client (lib/supabase.ts), as the screens use it. */
  supabase: SupabaseClient;
  /** Renders the whole app at `url` (path and query), as main.tsx does. */
  render(url: string): Promise<RenderResult>;
  /** A user typing and clicking, from @testing-library/user-event. */
  user: UserEvent;
  /** A member with a confirmed address, created with the service key. */
  createMember(prefix?: string): Promise<{ email: string; password: string; id: string; username: string }>;
  /** Signs in through the app's client (the session the screens then read). */
  signIn(email: string, password: string): Promise<void>;
  /**
   * Answers the app's requests that `handler` answers (a Response), as Playwright's `page.route`
   * does; the others go to the server. Returns the function that removes it.
   */
  intercept(handler: (request: Request) => Promise<Response | undefined> | Response | undefined): () => void;
  /** The toasts on screen now, by their text. */
  toasts(): string[];
  /** Unmounts the app and forgets the session, the cache and what the device kept. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

let counter = 0;

export async function startWebApp(): Promise<WebApp> {
  // The app's own project without its demo data: each test makes the members and places it reads.
  const { startInProcessTestServer } = (await import(serverSupport)) as {
    startInProcessTestServer(backend: 'pglite', options: { project: string; override: { seed: boolean } }): Promise<ScreenServer>;
  };
  const server = await startInProcessTestServer('pglite', {
    project: path.resolve(import.meta.dirname, '../../../supabase'),
    override: { seed: false },
  });
  GlobalRegistrator.register({ url: `${server.url}/`, width: 1280, height: 800 });
  // The outbox, the kept answers and the drafts' photos live in IndexedDB, which happy-dom lacks.
  await import('fake-indexeddb/auto');
  // supabase-js syncs tabs over a BroadcastChannel in a browser; in Node its port would keep the process alive.
  Reflect.deleteProperty(globalThis, 'BroadcastChannel');
  // happy-dom brings a fetch of its own; the app's requests go into the server in-process.
  const interceptors = new Set<Parameters<WebApp['intercept']>[0]>();
  const appFetch: typeof fetch = async (input, init) => {
    if (interceptors.size === 0) return server.fetch(input, init);
    const request = new Request(input, init);
    for (const handler of interceptors) {
      const answer = await handler(request.clone());
      if (answer) return answer;
    }
    return server.fetch(request);
  };
  globalThis.fetch = appFetch;
  window.fetch = appFetch;
  // The local server writes the anon key into the page it serves (lib/env.ts reads it there).
  const meta = document.createElement('meta');
  meta.name = 'supabase-anon-key';
  meta.content = server.anonKey;
  document.head.append(meta);

  const rtl = await import('@testing-library/react');
  // A route's code is compiled on its first import here, and the machine may be busy: findBy* and waitFor wait up to 20 s.
  rtl.configure({ asyncUtilTimeout: 20_000 });
  const { default: userEvent } = await import('@testing-library/user-event');
  const { createElement } = await import('react');
  const { RouterProvider } = await import('react-router');
  const { createRouter } = await import('@/app/router');
  const { AppProvider } = await import('@/app/provider');
  const { LiveRouterContext } = await import('@/lib/live-router');
  const { queryClient, clearPrivateData } = await import('@/lib/query-client');
  const { supabase } = await import('@/lib/supabase');
  const admin = server.admin();

  return {
    server,
    supabase: supabase as unknown as SupabaseClient,
    user: userEvent.setup(),
    async render(url) {
      window.history.replaceState(null, '', url);
      const router = createRouter();
      const result = rtl.render(
        createElement(AppProvider, null, createElement(LiveRouterContext, { value: router }, createElement(RouterProvider, { router }))),
      );
      // The route's code is imported on demand; let the first match settle.
      await rtl.waitFor(() => {
        if (router.state.navigation.state !== 'idle' || !router.state.initialized) throw new Error('router still loading');
      });
      return result;
    },
    async createMember(prefix = 'member') {
      counter += 1;
      const username = `${prefix}${counter}${Date.now().toString(36)}`.slice(0, 20).toLowerCase();
      const email = `${username}@example.com`;
      const password = 'correct-horse-battery-1';
      const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true, user_metadata: { username } });
      if (error) throw error;
      return { email, password, id: data.user.id, username };
    },
    async signIn(email, password) {
      const { error } = await supabase.auth.signInWithPassword({ email, password });
      if (error) throw error;
    },
    intercept(handler) {
      interceptors.add(handler);
      return () => interceptors.delete(handler);
    },
    toasts() {
      return [...document.querySelectorAll('[data-sonner-toast]')].map((toast) => toast.textContent ?? '');
    },
    async reset() {
      interceptors.clear();
      rtl.cleanup();
      await supabase.auth.signOut({ scope: 'local' });
      clearPrivateData(queryClient);
      queryClient.clear();
      window.localStorage.clear();
    },
    async close() {
      rtl.cleanup();
      queryClient.clear();
      // Nothing may keep the process alive: the session's refresh timer, realtime's reconnects.
      await supabase.auth.stopAutoRefresh();
      await supabase.removeAllChannels();
      await supabase.realtime.disconnect();
      await server.close();
      await GlobalRegistrator.unregister();
    },
  };
}

/**
 * The web app for one suite: started before its tests, reset after each, closed after all. The
 * app and Testing Library are reached through stand-ins that forward to them once `before` has
 * run (Testing Library is imported only then, after happy-dom has given it a document).
 */
export function useWebApp(): { app: WebApp; rtl: typeof Rtl } {
  let app: WebApp | undefined;
  let rtl: typeof Rtl | undefined;
  before(async () => {
    app = await startWebApp();
    rtl = await import('@testing-library/react');
  });
  afterEach(() => app?.reset());
  after(() => app?.close());
  return { app: forwardTo(() => app, 'the web app'), rtl: forwardTo(() => rtl, 'Testing Library') };
}

function forwardTo<T extends object>(current: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = current();
      if (!target) throw new Error(`${what} is used before the suite's before() hook has run`);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
