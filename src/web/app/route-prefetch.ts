import type { QueryClient } from '@tanstack/react-query';

/**
 * What a route module may export as `prefetch`, besides its `Component`: it starts the page's first
 * queries in `client`. main.tsx calls it when it loads the module for the first render, so that render
 * already has the data (the server announced the same requests with the HTML, `preload as=fetch`).
 */
export type RoutePrefetch = (client: QueryClient) => Promise<unknown>;
