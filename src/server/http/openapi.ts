import { z } from 'zod';
import { domainEvents, webhookEventTypeList } from '../../shared/schemas/events/catalog';
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
    // 3.1: JSON Schema 2020-12 bodies, and `webhooks` for the events the app posts.
    openapi: '3.1.0',
    webhooks: webhookOperations(),
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

/**
 * The document's `webhooks` (OpenAPI 3.1), made from the list of domain events
 * (src/shared/schemas/events/catalog.ts): for each event that feeds webhooks, the POST an endpoint receives —
 * the envelope of docs/product.md#webhooks with the event's payload schema as `data`.
 */
export function webhookOperations() {
  return Object.fromEntries(
    webhookEventTypeList.map((type) => {
      const { label, payload, webhook } = domainEvents[type];
      const envelope = {
        type: 'object',
        required: ['id', 'type', 'createdAt', 'workspaceId', 'data'],
        properties: {
          id: {
            type: 'string',
            format: 'uuid',
            description: 'The event id: the same on every attempt; de-duplicate on it.',
          },
          type: { type: 'string', const: type },
          createdAt: { type: 'string', format: 'date-time' },
          workspaceId: { type: 'string', format: 'uuid' },
          data: withoutDialect(z.toJSONSchema(payload, { io: 'output' })),
        },
      };
      return [
        type,
        {
          post: {
            operationId: `webhook_${type.replace('.', '_')}`,
            summary: label,
            description: `Sent when ${webhook.when}. Signed with the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature).`,
            requestBody: { required: true, content: { 'application/json': { schema: envelope } } },
            responses: { '200': { description: 'Any 2xx answer counts as delivered; others are retried.' } },
          },
        },
      ];
    }),
  );
}

/** A JSON Schema without its `$schema` (the document names the dialect once). */
function withoutDialect(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}
