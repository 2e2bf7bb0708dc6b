import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { LiveRouterContext } from './lib/live-router';
import { nextTask } from './lib/next-task';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The static shell of index.html is on screen already (this module runs after its first
// paint, see vite.config.ts): the first render can yield to the browser between components
// (a transition) instead of blocking input for one long task.
// Evaluating the app's modules, creating the router (its first match starts the page's data)
// and React's first render each run in a task of their own, so none is a long task on a phone.
void (async () => {
  await nextTask();
  const router = createRouter();
  await nextTask();
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <LiveRouterContext value={router}>
            <RouterProvider router={router} />
          </LiveRouterContext>
        </AppProvider>
      </StrictMode>,
    );
  });
})();

// The service worker registers once the page has loaded, from a chunk of its own (app/pwa.ts).
if (import.meta.env.PROD) {
  const register = () => void import('./app/pwa').then((m) => m.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
