import type { RouteObject } from 'react-router';
import { paths } from '../../shared/paths';
import { PublicLayout } from '../components/layouts/public-layout';
import { PageSpinner } from '../components/ui/spinner';
import { appPageHandle } from '../lib/page-head';
import { NotFound, notFoundHandle } from './routes/not-found';
import { RootRoute } from './routes/root';
import { RouterError } from './routes/router-error';

const loadAuth = () => import('./routes/auth');

/**
 * Every route of spec §2. Each page loads as its own chunk; public pages are rendered on the server too
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
          { path: paths.home, lazy: () => import('./routes/home') },
          { path: paths.about, lazy: () => import('./routes/about') },
          { path: paths.blog, lazy: () => import('./routes/blog') },
          { path: paths.blogAdmin, lazy: () => import('./routes/blog-admin') },
          { path: `${paths.blogAdmin}/posts/:id/edit`, lazy: () => import('./routes/blog-admin-edit') },
          { path: `${paths.blog}/:slug`, lazy: () => import('./routes/blog-post') },
          { path: paths.terms, lazy: () => import('./routes/terms') },
          { path: paths.privacy, lazy: () => import('./routes/privacy') },
          { path: paths.cookies, lazy: () => import('./routes/cookies') },
          { path: paths.contact, lazy: () => import('./routes/contact') },
          { path: '*', element: <NotFound />, handle: notFoundHandle },
        ],
      },
      { path: paths.login, lazy: loadAuth, handle: appPageHandle('Log In') },
      { path: paths.signup, lazy: loadAuth, handle: appPageHandle('Sign Up') },
      {
        path: paths.dashboard,
        lazy: () => import('./routes/dashboard'),
        children: [
          { index: true, lazy: () => import('./routes/campaigns'), handle: appPageHandle('Campaigns') },
          {
            path: paths.contacts,
            lazy: () => import('./routes/contacts'),
            handle: appPageHandle('Contacts'),
          },
          {
            path: paths.emails,
            lazy: () => import('./routes/emails'),
            handle: appPageHandle('Email Accounts'),
          },
          {
            path: paths.sequences,
            lazy: () => import('./routes/sequences'),
            handle: appPageHandle('Email Sequences'),
          },
          {
            path: paths.liveLinks,
            lazy: () => import('./routes/live-links'),
            handle: appPageHandle('Live Links'),
          },
          {
            path: paths.guestPosts,
            lazy: () => import('./routes/guest-posts'),
            handle: appPageHandle('Guest Posts'),
          },
          {
            path: paths.settings,
            lazy: () => import('./routes/settings'),
            handle: appPageHandle('Settings'),
          },
          // The campaign's name replaces this once it has loaded (routes/campaign-detail.tsx).
          {
            path: 'campaigns/:id',
            lazy: () => import('./routes/campaign-detail'),
            handle: appPageHandle('Campaign'),
          },
        ],
      },
    ],
  },
];
