import { Outlet, useNavigation } from 'react-router';
import { Island } from '../islands/island';
import { PublicFooter } from '../components/layouts/public-footer';
import { PublicNavbar } from '../components/layouts/public-navbar';
import { usePublicSession } from './public-session';

/** Frame of the public pages: navigation bar, the page in <main>, footer; a thin bar while the next page loads. */
export function PublicLayout() {
  const loading = useNavigation().state === 'loading';
  const signedIn = usePublicSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to content
      </a>
      {loading && (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-indigo-500"
        />
      )}
      <Island name="public-navbar" component={PublicNavbar} props={{ signedIn }} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
