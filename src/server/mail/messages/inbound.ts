/**
 * What an inbound message is, as `classifyInbound` reads it and `applyInbound` acts on it
 * (docs/decisions/013-inbound-classification.md).
 */

/**
 * Why a delivery failed, in sisimai's reason taxonomy (the reference open-source bounce parser).
 * Hard reasons mean the address is dead; the others may pass later or blame the sender.
 */
export type BounceReason =
  // hard: the address or its domain does not exist or refuses all mail
  | 'userunknown'
  | 'hostunknown'
  | 'hasmoved'
  | 'notaccept'
  | 'mailererror'
  // soft: the recipient's side, may pass later ('filtered': refused by the recipient's own filter)
  | 'mailboxfull'
  | 'exceedlimit'
  | 'suspend'
  | 'expired'
  | 'systemerror'
  | 'systemfull'
  | 'networkerror'
  | 'toomanyconn'
  | 'ratelimited'
  | 'onhold'
  | 'filtered'
  | 'undefined'
  // policy: the receiving server refused the sender or the content (counts against the mailbox)
  | 'blocked'
  | 'spamdetected'
  | 'policyviolation'
  | 'rejected'
  | 'securityerror'
  | 'virusdetected'
  | 'contenterror'
  | 'norelaying'
  | 'authfailure'
  | 'badreputation'
  | 'requireptr'
  | 'notcompliantrfc'
  | 'syntaxerror'
  // delay: the server is still trying
  | 'delayed';

/**
 * A delivery status notification. `type` is the effect: 'hard' suppresses the address and fails
 * the prospect; 'soft' retries the step later; 'policy' is soft for the prospect and counts against
 * the sending mailbox; 'delay' is only recorded. `hard` is `type === 'hard'`.
 */
export interface Bounce {
  kind: 'bounce';
  type: 'hard' | 'soft' | 'policy' | 'delay';
  hard: boolean;
  reason: BounceReason;
  /** Enhanced status code (RFC 3463), e.g. '5.1.1', when the report states one. */
  status: string | null;
  /** The address that could not be reached, lower-case; null when the report names none with confidence. */
  recipient: string | null;
  /** Message-ID of our message that bounced, with angle brackets, when the report carries it. */
  originalMessageId: string | null;
  /** The receiving server's own words (Diagnostic-Code or the SMTP reply), at most 1,000 characters. */
  diagnostic: string | null;
}

/** An automatic answer; the sequence waits for the prospect until `returnsOn`. */
export interface AutoReply {
  kind: 'auto-reply';
  returnsOn: Date | null;
}

/** A challenge/response system asking the sender to prove they are human: shown, not a reply. */
export interface Challenge {
  kind: 'challenge';
}

export type Inbound = Bounce | AutoReply | Challenge | { kind: 'unsubscribe' } | { kind: 'reply' };
