import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouter,
  StaticRouterProvider,
} from 'react-router';
import { paths } from '#shared/paths';
import type { ServerRender } from '#shared/public-data';
import { clientPreloads, type ClientPreloads } from './app/client-preloads';
import { Providers } from './app/providers';
import { DashboardSkeleton } from './components/layouts/dashboard-skeleton';
import { routes } from './app/router';
import { ServerSessionContext } from './app/public-session';
import { headingOf, headOf, headTags } from './lib/page-head';
import type { ServerLoaderContext } from './lib/public-data';

const handler = createStaticHandler(routes);

/**
 * The first paint of a client-rendered path: the dashboard frame's skeleton (with the page's heading)
 * for /dashboard/*, nothing for the others. The browser replaces it when it renders.
 */
export function renderShell(pathname: string): string {
  const matches = matchRoutes(routes, pathname) ?? [];
  if (!matches.some((match) => match.route.path === paths.dashboard)) return '';
  return renderToString(
    <StrictMode>
      <StaticRouter location={pathname}>
        <DashboardSkeleton heading={headingOf(matches.map((match) => match.route.handle))} />
      </StaticRouter>
    </StrictMode>,
  );
}

/** The page modules and first GETs of a client-rendered path, which the server preloads with its HTML shell. */
export function preloadsFor(pathname: string): ClientPreloads {
  return clientPreloads(routes, pathname);
}

/**
 * Renders one public URL on the server (built by `vite build --ssr` into dist/ssr/entry-server.js).
 * Loaders read through `context.data` (the server's services); `context.signedIn` picks the navigation
 * bar's buttons (app/public-session.ts). The result carries the markup, the head
 * tags of the deepest route that declares them and the status (500 when a loader failed: the markup then
 * shows the route's error element). The browser hydrates only the page's islands, never the router.
 */
export const render: ServerRender = async (request, { data, appUrl, signedIn }) => {
  const requestContext: ServerLoaderContext = { data };
  const context = await handler.query(request, { requestContext });
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const body = renderToString(
    <StrictMode>
      <Providers>
        <ServerSessionContext value={signedIn}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </ServerSessionContext>
      </Providers>
    </StrictMode>,
  );
  const head = headOf(
    context.matches.map((m) => ({ handle: m.route.handle, data: context.loaderData[m.route.id] })),
  );
  const url = new URL(request.url);
  return {
    kind: 'page',
    status: context.errors !== null ? 500 : (head?.status ?? context.statusCode),
    head: head ? headTags(head, appUrl, url.pathname + url.search) : '',
    body,
  };
};
