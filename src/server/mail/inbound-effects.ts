import type { Config } from '../config';
import type { Database, Transaction } from '../db/client';
import type { Inbound } from './messages/inbound';

/** The outreach message an inbound message answers, and how it was found (inbox/pipeline/match.ts). */
export interface Matched {
  id: string;
  prospectId: string;
  enrollmentId: string;
  campaignId: string;
  /** The mailbox that sent it (null when that mailbox was deleted since). */
  emailAccountId: string | null;
  toEmail: string;
  /**
   * 'original': a bounce's returned Message-ID; 'thread': In-Reply-To/References; 'address': the
   * sender (or a bounce's recipient) and, for replies, the thread subject.
   */
  via: 'original' | 'thread' | 'address';
}

/** The outreach clock: `hourMs` is the length of an hour (OUTREACH_HOUR_MS), `now` the sync's instant. */
export interface ApplyClock {
  hourMs: number;
  now: Date;
}

/** One inbound message the inbox has just stored, as the engine that sent `matched` sees it. */
export interface StoredInbound {
  workspaceId: string;
  receivedAt: Date;
  matched: Matched;
  inbound: Inbound;
  clock: ApplyClock;
}

/**
 * What an inbound message does beyond the inbox, to the sequence that wrote the message it
 * answers. The inbox's pipeline (inbox/pipeline/) stores and threads each message and calls these;
 * outreach implements them (outreach/inbound-effects.ts); whoever runs the pipeline hands them over
 * (jobs/mailbox-sync.ts), so neither engine imports the other (docs/decisions/029-mail-layer.md).
 */
export interface InboundEffects {
  /**
   * Applies a message's meaning (stop, pause, suppress, retry) inside the transaction that stored it.
   * @returns false when it concerns no prospect (a delay, a bounce of the user's own blind copy): no webhook event then.
   */
  apply(tx: Transaction, message: StoredInbound): Promise<boolean>;
  /**
   * After a stored bounce or unsubscribe, outside its transaction: re-reads the sending mailbox's
   * health, which may pause it.
   */
  afterApplied(db: Database, mailboxId: string, now: Date, config: Config): Promise<unknown>;
}
