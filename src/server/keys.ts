import { deriveKey } from './secrets';

/** The outreach engine's keys, each derived for one purpose from APP_SECRET (HKDF, secrets.ts). */
export interface OutreachKeys {
  /** Encrypts mailbox passwords and OAuth2 refresh tokens at rest. */
  credentials: Buffer;
  /** Signs open, click and unsubscribe tokens. */
  tracking: Buffer;
}

export function outreachKeys(appSecret: string): OutreachKeys {
  return {
    credentials: deriveKey(appSecret, 'mailbox-credentials'),
    tracking: deriveKey(appSecret, 'tracking'),
  };
}
