import { matchRoutes, type RouteObject } from 'react-router';
import type { LazyRoute } from './router';

/** What a client-rendered page needs first: page modules (source paths relative to src/web) and GET URLs. */
export interface ClientPreloads {
  modules: string[];
  fetches: string[];
}

function isLazyRoute(lazy: RouteObject['lazy']): lazy is LazyRoute {
  return typeof lazy === 'function' && typeof (lazy as Partial<LazyRoute>).source === 'string';
}

/**
 * The page modules and first requests of every route `pathname` matches, outermost first, so the
 * server can announce them with the HTML shell instead of the browser discovering them one after
 * another (entry → route chunk → API call). Empty for a path no lazy route matches.
 */
export function clientPreloads(routeList: RouteObject[], pathname: string): ClientPreloads {
  const lazies = (matchRoutes(routeList, pathname) ?? []).map((m) => m.route.lazy).filter(isLazyRoute);
  return {
    modules: lazies.map((lazy) => lazy.source),
    fetches: lazies.flatMap((lazy) => lazy.fetches),
  };
}
