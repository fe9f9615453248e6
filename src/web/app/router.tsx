import type { LazyRouteFunction, RouteObject } from 'react-router';
import { apiPaths, paths } from '#shared/paths';
import { PublicLayout } from './public-layout';
import { PageSpinner } from '../components/ui/spinner';
import { campaignListPath, firstCampaignListQuery } from '../features/campaigns/api/campaign-list-query';
import { campaignsHeading } from '../features/campaigns/campaigns-heading';
import { appPageHandle } from '../lib/page-head';
import { NotFound, notFoundHandle } from './routes/not-found';
import { RootRoute } from './routes/root';
import { RouterError } from './routes/router-error';

// One chunk per page; the modules the router imports directly are left out.
const routeModules = import.meta.glob([
  './routes/*.tsx',
  '!./routes/*.test.tsx',
  '!./routes/{root,router-error,not-found}.tsx',
]);

/** A route's `lazy`, carrying what the server preloads with a client-rendered page's HTML. */
export type LazyRoute = LazyRouteFunction<RouteObject> & {
  /** The module's source file relative to src/web, as Vite's manifest names it. */
  source: string;
  /** GET requests (same-origin URLs) the page makes first, whatever its state. */
  fetches: readonly string[];
};

/** The `lazy` of the page module `routes/<name>.tsx`. @throws when no such module exists */
function page(name: string, fetches: readonly string[] = []): LazyRoute {
  const key = `./routes/${name}.tsx`;
  const load = routeModules[key];
  if (!load) throw new Error(`No route module ${key}`);
  const lazy: LazyRouteFunction<RouteObject> = () => load() as ReturnType<LazyRouteFunction<RouteObject>>;
  return Object.assign(lazy, {
    source: `app/routes/${name}.tsx`,
    fetches,
  });
}

const loadAuth = page('auth', [apiPaths.me]);

/**
 * Every route of the app (docs/product.md#screens). Each page loads as its own chunk; public pages are rendered on the server too
 * (entry-server.tsx), the dashboard, auth screen and blog admin only in the browser. Every page has its
 * own title: public pages declare theirs in their module, the others here.
 */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouterError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: paths.home, lazy: page('home') },
          { path: paths.about, lazy: page('about') },
          { path: paths.blog, lazy: page('blog') },
          { path: paths.blogAdmin, lazy: page('blog-admin') },
          { path: `${paths.blogAdmin}/posts/:id/edit`, lazy: page('blog-admin-edit') },
          { path: `${paths.blog}/:slug`, lazy: page('blog-post') },
          { path: paths.terms, lazy: page('terms') },
          { path: paths.privacy, lazy: page('privacy') },
          { path: paths.cookies, lazy: page('cookies') },
          { path: paths.contact, lazy: page('contact') },
          { path: '*', element: <NotFound />, handle: notFoundHandle },
        ],
      },
      { path: paths.login, lazy: loadAuth, handle: appPageHandle('Log In') },
      { path: paths.signup, lazy: loadAuth, handle: appPageHandle('Sign Up') },
      { path: paths.invite, lazy: page('invite', [apiPaths.me]), handle: appPageHandle('Invitation') },
      {
        path: paths.twoFactorSetup,
        lazy: page('two-factor-setup', [apiPaths.me]),
        handle: appPageHandle('Set Up Two-Factor Sign-In'),
      },
      {
        path: paths.dashboard,
        lazy: page('dashboard', [apiPaths.me]),
        children: [
          {
            index: true,
            lazy: page('campaigns', [campaignListPath(firstCampaignListQuery)]),
            handle: appPageHandle('Campaigns', campaignsHeading),
          },
          {
            path: paths.contacts,
            lazy: page('contacts'),
            handle: appPageHandle('Contacts'),
          },
          // One route, so the list keeps its state while conversations open and close beside it.
          {
            path: `${paths.inbox}/:threadId?`,
            lazy: page('inbox'),
            handle: appPageHandle('Inbox'),
          },
          {
            path: paths.emails,
            lazy: page('emails'),
            handle: appPageHandle('Email Accounts'),
          },
          {
            path: paths.sequences,
            lazy: page('sequences'),
            handle: appPageHandle('Email Sequences'),
          },
          {
            path: paths.liveLinks,
            lazy: page('live-links'),
            handle: appPageHandle('Live Links'),
          },
          {
            path: paths.placements,
            lazy: page('placements'),
            handle: appPageHandle('Placements'),
          },
          {
            path: paths.clients,
            lazy: page('clients'),
            handle: appPageHandle('Clients'),
          },
          {
            path: paths.reports,
            lazy: page('reports'),
            handle: appPageHandle('Reports'),
          },
          {
            path: paths.guestPosts,
            lazy: page('guest-posts'),
            handle: appPageHandle('Guest Posts'),
          },
          {
            path: paths.settings,
            lazy: page('settings'),
            handle: appPageHandle('Settings'),
          },
          // The campaign's name replaces this once it has loaded (routes/campaign-detail.tsx).
          {
            path: 'campaigns/:id',
            lazy: page('campaign-detail'),
            handle: appPageHandle('Campaign'),
          },
        ],
      },
    ],
  },
];
