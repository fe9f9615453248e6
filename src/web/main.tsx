import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { syncThemeClass } from './lib/theme';
import './styles.css';

syncThemeClass();

/**
 * Loads the route modules of the current URL before the first render, so it matches the server's
 * markup (or skeleton) instead of showing the hydrate fallback.
 */
async function loadMatchedRoutes(routeList: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routeList, window.location) ?? [];
  await Promise.all(
    matches
      .filter((m) => typeof m.route.lazy === 'function')
      .map(async (m) => {
        const module = await (m.route.lazy as () => Promise<Partial<RouteObject>>)();
        Object.assign(m.route, { ...module, lazy: undefined });
      }),
  );
}

/**
 * Renders the SPA: the signed-in app, the auth screens and the blog admin. Public pages arrive rendered
 * by the server with public-entry.tsx instead; the SPA still renders them when it navigates to one
 * itself, or when the server could not render one and sent this shell.
 */
async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // The route chunks were preloaded with the HTML shell: rendering once they are here replaces the
  // server's skeleton with the page's own (routes/dashboard.tsx) instead of flashing a spinner first.
  await loadMatchedRoutes(routes);
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={createBrowserRouter(routes)} />
      </Providers>
    </StrictMode>,
  );
}

void start();
