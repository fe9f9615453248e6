import { deriveKey } from '../secrets';

/** The key that encrypts the endpoints' signing secrets at rest, derived from APP_SECRET (secrets.ts). */
export function webhookSecretKey(appSecret: string): Buffer {
  return deriveKey(appSecret, 'webhook-secrets');
}
