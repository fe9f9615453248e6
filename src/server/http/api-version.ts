/** The versioned base of the public API (docs/decisions/025-public-api-and-webhooks.md). */
export const API_V1 = '/api/v1';

const VERSIONED = /^\/api\/v1(?=[/?#]|$)/;

/**
 * The URL a request is routed by: `/api/v1/…` answers as `/api/…`, so every route has its versioned
 * path without a second route table (docs/decisions/025-public-api-and-webhooks.md, "Stability").
 * Any other URL comes back unchanged. Used as Fastify's `rewriteUrl`.
 */
export function unversionedUrl(url: string): string {
  return url.replace(VERSIONED, '/api');
}
