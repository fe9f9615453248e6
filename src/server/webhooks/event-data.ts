import type { WebhookEventType } from '../../shared/schemas/webhook-events';

/**
 * The `data` of each webhook event, as docs/product.md#webhooks documents it for receivers. Ids and
 * the few fields a receiver acts on; never message bodies beyond a short snippet. Fields are only
 * ever added (docs/decisions/025-public-api-and-webhooks.md).
 */

/** The prospect an event is about, with its campaign. */
export interface ProspectRef {
  prospectId: string;
  campaignId: string;
  campaignName: string;
  website: string;
  /** The prospect's contact address; null when it has none. */
  email: string | null;
}

/** The mailbox an inbound message arrived in. */
export interface MailboxRef {
  mailboxId: string;
  mailboxEmail: string;
}

/** What a live link event carries. */
export interface LiveLinkEventData {
  liveLinkId: string;
  campaignId: string;
  campaignName: string;
  /** The link's target (the campaign's page) and the page that carries it. */
  url: string;
  pageUrl: string;
  anchorText: string;
  from: string;
  to: string;
  /** Why the check judged it so (src/shared/schemas/live-links.ts linkCheckReasons); empty when active. */
  reasons: string[];
  httpStatus: number | null;
  checkedAt: string;
}

/** What a placement event carries (docs/decisions/034-clients-and-placements.md): the ledger row's terms and money. */
export interface PlacementEventData {
  placementId: string;
  source: 'prospect' | 'live_link' | 'manual';
  clientId: string | null;
  campaignId: string | null;
  prospectId: string | null;
  liveLinkId: string | null;
  pageUrl: string;
  targetUrl: string;
  anchorText: string;
  rel: string;
  liveAt: string | null;
  /** Minor units of `currency` (ISO 4217); both null when no price is agreed. */
  priceMinor: number | null;
  currency: string | null;
  paymentStatus: 'unpaid' | 'paid' | 'refunded';
  warrantyMonths: number | null;
}

/** Refuses a map that leaves an event type out. */
type EveryEvent<T extends Record<WebhookEventType, object>> = T;

/** The `data` of each event type (docs/product.md#webhooks has the same list for receivers). */
export type WebhookEventData = EveryEvent<{
  'prospect.found': ProspectRef & {
    runId: string;
    domain: string | null;
    contactName: string | null;
    daScore: number | null;
    relevanceScore: number | null;
    opportunityType: string | null;
    sourcePageUrl: string | null;
  };
  'prospect.status_changed': ProspectRef & { from: string; to: string; reason: string };
  'reply.received': ProspectRef &
    MailboxRef & {
      inboundMessageId: string;
      /** reply: a person answered; auto_reply: an automatic answer (out of office); challenge: a challenge/response system. */
      classification: 'reply' | 'auto_reply' | 'challenge';
      from: string;
      subject: string;
      /** The start of their words (quoted history cut), at most 280 characters. */
      snippet: string;
      receivedAt: string;
      /** For an auto-reply: the return date it names, if any. */
      returnsOn: string | null;
    };
  'bounce.received': ProspectRef &
    MailboxRef & {
      inboundMessageId: string;
      /** hard: the address is dead; soft and policy: may pass later; delay: the server still tries. */
      bounceType: 'hard' | 'soft' | 'policy' | 'delay';
      hard: boolean;
      reason: string;
      /** Enhanced status code (RFC 3463), e.g. 5.1.1, when the report states one. */
      status: string | null;
      recipient: string | null;
      receivedAt: string;
    };
  'unsubscribe.received': ProspectRef & {
    /** mail: they answered asking to be removed; link: they used the unsubscribe link or one-click header. */
    via: 'mail' | 'link';
    /** The message they asked by (mail only). */
    inboundMessageId: string | null;
    /** The mailbox their request reached, or that sent the message they unsubscribed from (null once deleted). */
    mailboxId: string | null;
    mailboxEmail: string | null;
    receivedAt: string;
  };
  'discovery.finished': {
    runId: string;
    campaignId: string;
    campaignName: string;
    status: 'completed' | 'failed' | 'cancelled';
    /** Prospects the run added (a re-delivered run counts its first attempt's too). */
    prospectsFound: number;
    pagesCrawled: number;
    error: string | null;
  };
  'live_link.lost': LiveLinkEventData;
  'live_link.suspicious': LiveLinkEventData;
  'live_link.recovered': LiveLinkEventData;
  'mailbox.paused': { mailboxId: string; email: string; reason: string; pausedBy: 'health' };
  'mailbox.connection_error': {
    mailboxId: string;
    email: string;
    /** The side that failed: sending (smtp) or reading (imap). */
    side: 'smtp' | 'imap';
    reason: string;
  };
  'placement.created': PlacementEventData;
  'placement.changed': PlacementEventData & {
    /** The fields the change set (placementSchema names). */
    changed: string[];
  };
}>;
