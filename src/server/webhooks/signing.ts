import { createHmac, randomBytes } from 'node:crypto';

/** The prefix of a signing secret, as Standard Webhooks writes it. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/**
 * A new signing secret: `whsec_` and 32 random bytes in base64 (docs/product.md#webhooks). Shown
 * to the user once; stored encrypted (src/server/secrets.ts).
 */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The Standard Webhooks signature of one attempt: base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`,
 * keyed with the base64-decoded part of the secret after `whsec_` — what their published verifiers
 * expect (docs/decisions/025-public-api-and-webhooks.md).
 * @param timestamp unix seconds of the attempt
 */
export function standardWebhookSignature(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  return createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
}

/**
 * Our own, simpler signature: hex HMAC-SHA256 of `{timestamp}.{body}`, keyed with the whole secret
 * as shown (`whsec_…`, UTF-8), so it can be checked with one line of any language.
 * @param timestamp unix seconds of the attempt
 */
export function linkpilotSignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * The signature headers of one attempt (docs/product.md#webhooks): `webhook-id` (the event id, the
 * same on every attempt and redelivery), `webhook-timestamp` (unix seconds), `webhook-signature`
 * (`v1,<base64>`) and `x-linkpilot-signature` (`t=<timestamp>,v1=<hex>`). `body` must be the exact
 * bytes sent.
 */
export function webhookSignatureHeaders(input: {
  secret: string;
  eventId: string;
  timestamp: number;
  body: string;
}): Record<string, string> {
  const { secret, eventId, timestamp, body } = input;
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${standardWebhookSignature(secret, eventId, timestamp, body)}`,
    'x-linkpilot-signature': `t=${timestamp},v1=${linkpilotSignature(secret, timestamp, body)}`,
  };
}
