import { z } from 'zod';
import { fieldMessages as f } from './field-messages';
import {
  webhookDeliveryStatuses,
  webhookEventLabels,
  webhookEventTypes,
  webhookTestEvent,
} from './webhook-events';

/** Longest endpoint URL and description (characters). */
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 500;
/** Endpoints one workspace may have: every event is posted once per subscribed endpoint. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
/** Test events one endpoint may be sent a minute (each is a request to the receiver, sent at once). */
export const WEBHOOK_TESTS_PER_MINUTE = 10;
/** Deliveries per page of an endpoint's log. */
export const WEBHOOK_DELIVERY_PAGE_SIZE = 25;

/** What the Webhooks tab and the API say (docs/product.md#webhooks). */
export const webhookMessages = {
  urlRequired: 'URL is required',
  urlInvalid: 'Enter a URL starting with https:// or http://',
  urlTooLong: f.tooLong('URL', WEBHOOK_URL_MAX),
  urlPrivate: 'This address is on a private network. Webhooks can only be sent to public addresses.',
  descriptionTooLong: f.tooLong('Description', WEBHOOK_DESCRIPTION_MAX),
  eventsRequired: 'Choose at least one event',
  eventsRepeated: 'Each event may be chosen once',
  tooMany: `A workspace can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints.`,
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  redeliverDisabled: 'This endpoint is disabled. Enable it before redelivering.',
  fullAccessOnly: 'Only members with Full Access manage webhooks.',
  loadFailed: 'Failed to load webhook endpoints',
  deliveriesLoadFailed: 'Failed to load deliveries',
  empty: 'No webhook endpoints yet',
  noDeliveries: 'No deliveries yet',
  created: 'Webhook endpoint added',
  createFailed: 'Failed to add the endpoint',
  updated: 'Webhook endpoint saved',
  updateFailed: 'Failed to save the endpoint',
  enabled: 'Webhook endpoint enabled',
  disabled: 'Webhook endpoint disabled',
  deleted: 'Webhook endpoint deleted',
  deleteFailed: 'Failed to delete the endpoint',
  rotated: 'New signing secret created',
  rotateFailed: 'Failed to rotate the secret',
  testFailed: 'Failed to send the test event',
  testTooMany: `At most ${WEBHOOK_TESTS_PER_MINUTE} test events a minute per endpoint. Try again in a minute.`,
  redelivered: 'Delivery queued again',
  redeliverFailed: 'Failed to redeliver',
  copyNow: 'Copy this secret now. You will not see it again.',
  disabledByMember: 'Disabled in Settings',
  disabledAfterFailures: (days: number) =>
    `Disabled after ${days} day${days === 1 ? '' : 's'} of failed deliveries`,
} as const;

const m = webhookMessages;

/** True for an absolute http(s) URL with a host. */
function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** One event type an endpoint can subscribe to. */
export const webhookEventTypeSchema = z.enum(webhookEventTypes);

/** An endpoint's URL: trimmed, http or https, at most WEBHOOK_URL_MAX characters. */
export const webhookUrlField = z
  .string()
  .trim()
  .min(1, m.urlRequired)
  .max(WEBHOOK_URL_MAX, m.urlTooLong)
  .refine(isWebUrl, m.urlInvalid);

/** The events an endpoint receives: at least one, each once. */
export const webhookEventsField = z
  .array(webhookEventTypeSchema)
  .min(1, m.eventsRequired)
  .max(webhookEventTypes.length)
  .refine((events) => new Set(events).size === events.length, m.eventsRepeated);

/** An endpoint's description: trimmed, at most WEBHOOK_DESCRIPTION_MAX characters, may be empty. */
export const webhookDescriptionField = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, m.descriptionTooLong);

/** `POST /api/webhooks` body and the Add endpoint form. */
export const createWebhookSchema = z.strictObject({
  url: webhookUrlField,
  description: webhookDescriptionField.default(''),
  events: webhookEventsField,
});
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;

/**
 * `PATCH /api/webhooks/:id` body: any of the fields; `enabled: true` re-enables a disabled endpoint
 * (its failure run is forgotten), `enabled: false` disables it.
 */
export const updateWebhookSchema = z.strictObject({
  url: webhookUrlField.optional(),
  description: webhookDescriptionField.optional(),
  events: webhookEventsField.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookInput = z.input<typeof updateWebhookSchema>;

/** Where an endpoint stands: receiving, failing since a time (still receiving), or disabled. */
export const webhookEndpointStatuses = ['active', 'failing', 'disabled'] as const;
export type WebhookEndpointStatus = (typeof webhookEndpointStatuses)[number];

/** An endpoint as the API lists it: never its secret. */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventTypeSchema),
  status: z.enum(webhookEndpointStatuses),
  /** The first failed attempt of the current run of failures; null while deliveries succeed. */
  failingSince: z.string().nullable(),
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  /** The name of the member who added it; null once they left the install. */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to `POST /api/webhooks`: the endpoint and its signing secret, shown this once. */
export const createdWebhookSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

/** The answer to `POST /api/webhooks/:id/rotate-secret`: the new secret, shown this once. */
export const webhookSecretSchema = z.object({ secret: z.string() });

/** One delivery of an event to an endpoint, with its latest attempt. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  /** An event type of webhookEventTypes, or `webhook.test`. */
  eventType: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  /** The receiver's HTTP status of the latest attempt; null when it gave none (timeout, refused). */
  responseStatus: z.number().int().nullable(),
  /** The start of the receiver's answer (at most 2,000 characters), or why no answer came. */
  responseBody: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** When the next attempt is due (pending only). */
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** `GET /api/webhooks/:id/deliveries` query: the keyset cursor of the next page. */
export const webhookDeliveryQuerySchema = z.strictObject({ cursor: z.string().max(200).optional() });

/** A page of an endpoint's log, newest first; `nextCursor` null on the last page. */
export const webhookDeliveryPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  nextCursor: z.string().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

/** The answer to `POST /api/webhooks/:id/test`: what the receiver answered to the sample event. */
export const webhookTestResultSchema = z.object({
  deliveryId: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  responseBody: z.string().nullable(),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

/** How the log names an event type: its label, 'Test event' for the sample, else the name itself. */
export function webhookEventName(type: string): string {
  if (type === webhookTestEvent) return 'Test event';
  return (webhookEventLabels as Record<string, string>)[type] ?? type;
}
