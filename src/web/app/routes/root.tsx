import { Outlet, ScrollRestoration } from 'react-router';

/** The root route: every page, with scroll restored on history moves and to #anchors on links. */
export function RootRoute() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
