import type { BounceReason } from './inbound';

/** Each bounce reason (sisimai's taxonomy, inbound.ts) in the words the prospect timeline shows. */
const WORDS: Record<BounceReason, string> = {
  userunknown: 'address does not exist',
  hostunknown: 'domain does not exist',
  hasmoved: 'address has moved',
  notaccept: 'domain accepts no mail',
  mailererror: 'mail program error',
  mailboxfull: 'mailbox full',
  exceedlimit: 'message too large',
  suspend: 'mailbox suspended',
  expired: 'delivery time expired',
  systemerror: 'server error',
  systemfull: 'server disk full',
  networkerror: 'network error',
  toomanyconn: 'too many connections',
  ratelimited: 'rate limited',
  onhold: 'on hold',
  filtered: 'refused by the recipient’s filter',
  undefined: 'temporary failure',
  blocked: 'sender blocked',
  spamdetected: 'taken for spam',
  policyviolation: 'refused by policy',
  rejected: 'sender rejected',
  securityerror: 'security error',
  virusdetected: 'virus detected',
  contenterror: 'content refused',
  norelaying: 'relaying refused',
  authfailure: 'sender authentication failed (SPF/DKIM/DMARC)',
  badreputation: 'poor sender reputation',
  requireptr: 'sending server has no reverse DNS',
  notcompliantrfc: 'message not standard-compliant',
  syntaxerror: 'command syntax error',
  delayed: 'delivery delayed',
};

/**
 * A bounce's reason and status in words, e.g. 'mailbox full (5.2.2)'; the status (RFC 3463) only
 * when the report gives one.
 */
export function bounceWords(reason: BounceReason, status: string | null): string {
  return `${WORDS[reason] ?? reason}${status ? ` (${status})` : ''}`;
}
