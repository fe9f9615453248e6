import { Outlet, ScrollRestoration } from 'react-router';
import { DocumentHead } from '../document-head';

/** The root route: every page, with scroll restored on history moves and to #anchors on links, and its title kept current. */
export function RootRoute() {
  return (
    <>
      <ScrollRestoration />
      <DocumentHead />
      <Outlet />
    </>
  );
}
