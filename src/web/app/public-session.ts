import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { meQueryOptions } from '../data/session-queries';

/**
 * Whether the request of a page rendered on the server came with a live session; entry-server.tsx
 * provides it from the server's session check. Null outside server rendering.
 */
export const ServerSessionContext = createContext<boolean | null>(null);

/**
 * Whether the visitor of a public page is signed in, for the navigation bar's buttons: the server's
 * answer while it renders the page (no flash of "Log in" once the page arrives), else, when the SPA
 * renders a public page (the blog admin, a link from inside the app), the session query's.
 */
export function usePublicSession(): boolean {
  const onServer = useContext(ServerSessionContext);
  const me = useQuery({ ...meQueryOptions(), enabled: onServer === null });
  return onServer ?? Boolean(me.data);
}
