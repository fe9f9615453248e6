import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  linkpilotSignature,
  newWebhookSecret,
  standardWebhookSignature,
  webhookSignatureHeaders,
} from './signing';

describe('webhook signing (docs/product.md#webhooks)', () => {
  it('makes secrets of whsec_ and 32 random bytes in base64', () => {
    const a = newWebhookSecret();
    const b = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(a).not.toBe(b);
  });

  it('signs as the Standard Webhooks reference does (their published test vector)', () => {
    const signature = standardWebhookSignature(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      1614265330,
      '{"test": 2432232314}',
    );
    expect(signature).toBe('g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs our header as hex HMAC-SHA256 of "timestamp.body" keyed with the whole secret', () => {
    const secret = newWebhookSecret();
    const body = '{"id":"e1","type":"webhook.test"}';
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(linkpilotSignature(secret, 1700000000, body)).toBe(expected);
  });

  it('puts both signatures, the event id and the timestamp in the headers', () => {
    const secret = newWebhookSecret();
    const body = '{"a":1}';
    const headers = webhookSignatureHeaders({ secret, eventId: 'evt-1', timestamp: 1700000000, body });
    expect(headers).toEqual({
      'webhook-id': 'evt-1',
      'webhook-timestamp': '1700000000',
      'webhook-signature': `v1,${standardWebhookSignature(secret, 'evt-1', 1700000000, body)}`,
      'x-linkpilot-signature': `t=1700000000,v1=${linkpilotSignature(secret, 1700000000, body)}`,
    });
    // Another body, timestamp or secret gives another signature.
    const other = webhookSignatureHeaders({ secret, eventId: 'evt-1', timestamp: 1700000001, body });
    expect(other['webhook-signature']).not.toBe(headers['webhook-signature']);
    expect(other['x-linkpilot-signature']).not.toBe(headers['x-linkpilot-signature']);
  });
});
