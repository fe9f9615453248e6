import { signToken } from './tokens';

/** Route patterns of the links in outreach messages; they work without sign-in. */
export const trackingPaths = {
  open: '/t/o/:token',
  click: '/t/c/:token',
  unsubscribe: '/u/:token',
} as const;

/** The signed open-pixel, click-redirect and unsubscribe URLs of one message. */
export function trackingLinks(appUrl: string, key: Buffer, messageId: string) {
  const url = (pattern: string, token: string) => `${appUrl}${pattern.replace(':token', token)}`;
  return {
    open: url(trackingPaths.open, signToken(key, 'open', { m: messageId })),
    click: (target: string) => url(trackingPaths.click, signToken(key, 'click', { m: messageId, u: target })),
    unsubscribe: url(trackingPaths.unsubscribe, signToken(key, 'unsubscribe', { m: messageId })),
  };
}
