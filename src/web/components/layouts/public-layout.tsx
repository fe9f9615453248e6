import { Outlet } from 'react-router';
import { PublicFooter } from './public-footer';
import { PublicNavbar } from './public-navbar';

/** Frame of the public pages: navigation bar, the page in <main>, footer. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <PublicNavbar />
      <main className="flex-1">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
