import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../../shared/paths';
import { ComingSoon } from '../components/coming-soon';
import { PublicLayout } from '../components/layouts/public-layout';
import { PageSpinner } from '../components/ui/spinner';
import { HomePage } from './routes/home';
import { NotFound } from './routes/not-found';
import { RootRoute } from './routes/root';
import { RouterError } from './routes/router-error';

/** A screen another issue will build; swap it for a `lazy` route module when it lands. */
function placeholder(title: string): Pick<RouteObject, 'element'> {
  return { element: <ComingSoon title={title} /> };
}

const loadAuth = () => import('./routes/auth');

/** Every route of spec §2. The dashboard and the auth screen load as separate chunks. */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouterError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: paths.home, element: <HomePage /> },
          { path: paths.about, ...placeholder('About') },
          { path: paths.blog, ...placeholder('Blog') },
          { path: paths.blogAdmin, ...placeholder('Create Blog Post') },
          { path: `${paths.blog}/:slug`, ...placeholder('Blog Post') },
          { path: paths.terms, ...placeholder('Terms of Service') },
          { path: paths.privacy, ...placeholder('Privacy Policy') },
          { path: paths.cookies, ...placeholder('Cookie Policy') },
          { path: paths.contact, ...placeholder('Contact Us') },
          { path: '*', element: <NotFound /> },
        ],
      },
      { path: paths.login, lazy: loadAuth },
      { path: paths.signup, lazy: loadAuth },
      {
        path: paths.dashboard,
        lazy: () => import('./routes/dashboard'),
        children: [
          { index: true, lazy: () => import('./routes/campaigns') },
          { path: paths.contacts, lazy: () => import('./routes/contacts') },
          { path: paths.emails, ...placeholder('Email Accounts') },
          { path: paths.sequences, ...placeholder('Email Sequences') },
          { path: paths.liveLinks, lazy: () => import('./routes/live-links') },
          { path: paths.guestPosts, ...placeholder('Guest Post Generator') },
          { path: paths.settings, lazy: () => import('./routes/settings') },
          { path: 'campaigns/:id', lazy: () => import('./routes/campaign-detail') },
        ],
      },
    ],
  },
];

/** The browser router of the app. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
