import { API_V1 } from './api-version';

/** The name of the OpenAPI security schemes, as the global `security` lists them. */
const BEARER = 'bearerAuth';
const COOKIE = 'sessionCookie';

/** The `security` of a public route in the document: no credentials needed. */
export const PUBLIC_SECURITY: Record<string, string[]>[] = [];
/** The `security` of a session-only route (docs/decisions/025-public-api-and-webhooks.md): no key. */
export const SESSION_ONLY_SECURITY: Record<string, string[]>[] = [{ [COOKIE]: [] }];

/**
 * The `openapi` document options of @fastify/swagger (served at /api/docs): both ways in — an API
 * key as `Authorization: Bearer lp_…` and the web app's session cookie — declared as security
 * schemes and required globally, so the docs page offers "Authorize" and a user can try a call with a
 * key; and the stability promise of /api/v1 (docs/decisions/025-public-api-and-webhooks.md).
 * @param secure whether APP_URL is https (better-auth then prefixes its cookie with `__Secure-`).
 */
export function openApiOptions({ version, secure }: { version: string; secure: boolean }) {
  return {
    info: {
      title: 'LinkPilot API',
      version,
      description: [
        `Every path below also answers under \`${API_V1}\` (for example \`${API_V1}/campaigns\`): scripts should use those.`,
        `Paths under \`${API_V1}\` keep their shape: fields are only ever added, never renamed or removed.`,
        'Authenticate with an API key made in Settings → API keys, sent as `Authorization: Bearer lp_…`;',
        'a `read` key may GET, a `write` key may do the rest. A key acts in its own workspace; with the session cookie,',
        'the `X-Workspace-Id` header names the workspace (else the one used last).',
        'Lists return `nextCursor`: pass it as `?cursor=` for the next page.',
        'POSTs take an `Idempotency-Key` header. Errors answer `{ "error": { "code", "message", "issues"? } }`.',
      ].join(' '),
    },
    components: {
      securitySchemes: {
        [BEARER]: {
          type: 'http' as const,
          scheme: 'bearer',
          bearerFormat: 'lp_ API key',
          description: 'An API key from Settings → API keys.',
        },
        [COOKIE]: {
          type: 'apiKey' as const,
          in: 'cookie' as const,
          name: `${secure ? '__Secure-' : ''}better-auth.session_token`,
          description: 'The web app’s session, set by signing in.',
        },
      },
    },
    // Either one: a list of two single-scheme requirements means "one of them".
    security: [{ [BEARER]: [] as string[] }, { [COOKIE]: [] as string[] }] as Record<string, string[]>[],
  };
}
