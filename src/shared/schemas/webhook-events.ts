/**
 * The events a webhook endpoint can subscribe to (docs/product.md#webhooks). The names are part of
 * the public API: they are only ever added to, never renamed.
 */
export const webhookEventTypes = [
  'prospect.found',
  'prospect.status_changed',
  'reply.received',
  'bounce.received',
  'unsubscribe.received',
  'discovery.finished',
  'live_link.lost',
  'live_link.suspicious',
  'live_link.recovered',
  'mailbox.paused',
  'mailbox.connection_error',
  'placement.created',
  'placement.changed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The sample event the endpoint's Test button sends; no endpoint subscribes to it. */
export const webhookTestEvent = 'webhook.test';

/** How the endpoint form names each event. */
export const webhookEventLabels: Record<WebhookEventType, string> = {
  'prospect.found': 'Prospect found',
  'prospect.status_changed': 'Prospect status changed',
  'reply.received': 'Reply received',
  'bounce.received': 'Bounce',
  'unsubscribe.received': 'Unsubscribe',
  'discovery.finished': 'Discovery finished',
  'live_link.lost': 'Live link lost',
  'live_link.suspicious': 'Live link suspicious',
  'live_link.recovered': 'Live link recovered',
  'mailbox.paused': 'Mailbox paused',
  'mailbox.connection_error': 'Mailbox connection error',
  'placement.created': 'Placement created',
  'placement.changed': 'Placement changed',
};

/** The scopes an API key can hold: read (GET) and write (everything else). */
export const apiKeyScopes = ['read', 'write'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** Where a delivery stands: waiting for its (next) attempt, delivered (2xx), or given up. */
export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];
