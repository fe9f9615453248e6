import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { Providers } from './app/providers';
import type { RoutePrefetch } from './app/route-prefetch';
import { routes } from './app/router';
import { createQueryClient } from './lib/query-client';
import { syncThemeClass } from './lib/theme';
import './styles.css';

syncThemeClass();

/** What a lazy route's module exports: route properties and, optionally, its first queries. */
type RouteModule = Partial<RouteObject> & { prefetch?: RoutePrefetch };

/**
 * How long the first render waits for the page's first queries once its modules are here. The server
 * preloaded them with the HTML, so they have usually answered by then; a slow one shows the page's
 * own loading state instead of holding the page back.
 */
const FIRST_DATA_WAIT_MS = 1_000;

/**
 * Loads the route modules of the current URL before the first render, so it matches the server's
 * markup (or skeleton) instead of showing the hydrate fallback, and starts the first queries those
 * modules declare (`prefetch`) in `client`. Resolves once the modules are here and their queries have
 * settled, or FIRST_DATA_WAIT_MS after the modules.
 */
async function loadMatchedRoutes(routeList: RouteObject[], client: QueryClient): Promise<void> {
  const matches = matchRoutes(routeList, window.location) ?? [];
  const firstQueries: Promise<unknown>[] = [];
  await Promise.all(
    matches
      .filter((m) => typeof m.route.lazy === 'function')
      .map(async (m) => {
        const { prefetch, ...module } = await (m.route.lazy as () => Promise<RouteModule>)();
        Object.assign(m.route, { ...module, lazy: undefined });
        if (prefetch) firstQueries.push(prefetch(client));
      }),
  );
  await Promise.race([
    Promise.all(firstQueries),
    new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS)),
  ]);
}

/**
 * Renders the SPA: the signed-in app, the auth screens and the blog admin. Public pages arrive rendered
 * by the server with public-entry.tsx instead; the SPA still renders them when it navigates to one
 * itself, or when the server could not render one and sent this shell.
 */
async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const client = createQueryClient();
  // The route chunks and first requests were preloaded with the HTML shell: rendering once they are
  // here replaces the server's skeleton with the page itself (routes/dashboard.tsx) instead of
  // flashing a spinner or a loading state first.
  await loadMatchedRoutes(routes, client);
  const root = createRoot(container);
  // As a transition React renders the whole first screen in slices of a few milliseconds, yielding to
  // the browser in between, instead of one long task (docs/decisions/022-dashboard-first-load.md); the
  // skeleton stays until it is done.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers client={client}>
          <RouterProvider router={createBrowserRouter(routes)} />
        </Providers>
      </StrictMode>,
    ),
  );
}

void start();
