import { domainEvents, webhookEventTypeList, type WebhookEventType } from './events/catalog';

export type { WebhookEventType };

/**
 * The events a webhook endpoint can subscribe to (docs/product.md#webhooks): the domain events with
 * a webhook output (src/shared/schemas/events/catalog.ts). The names are part of the public API: they are
 * only ever added to, never renamed.
 */
export const webhookEventTypes = webhookEventTypeList;

/** The body every delivery posts (docs/product.md#webhooks). */
export interface WebhookPayload<T extends string = string, D = unknown> {
  /** The event's id: the same for every endpoint, attempt and redelivery; receivers de-duplicate on it. */
  id: string;
  type: T;
  /** When the event happened, ISO 8601. */
  createdAt: string;
  workspaceId: string;
  data: D;
}

/** The sample event the endpoint's Test button sends; no endpoint subscribes to it. */
export const webhookTestEvent = 'webhook.test';

/** How the endpoint form names each event. */
export const webhookEventLabels = Object.fromEntries(
  webhookEventTypes.map((type) => [type, domainEvents[type].label]),
) as Record<WebhookEventType, string>;

/** The scopes an API key can hold: read (GET) and write (everything else). */
export const apiKeyScopes = ['read', 'write'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** Where a delivery stands: waiting for its (next) attempt, delivered (2xx), or given up. */
export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];
