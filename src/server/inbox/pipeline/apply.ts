import { eq } from 'drizzle-orm';
import { withoutNul } from '../../../shared/text/without-nul';
import type { Database } from '../../db/client';
import { emailAccounts } from '../../db/schema/mailboxes';
import { inboundMessages } from '../../db/schema/outreach';
import { inboundAttachments } from '../../db/schema/inbox';
import type { InboundAttachmentRecord } from '../inbound-content';
import type { ApplyClock, InboundEffects, Matched } from '../../mail/inbound-effects';
import type { Inbound } from '../../mail/messages/inbound';
import { emit } from '../../events/emit';
import { recordInThread } from '../threads';
import type { MailboxRef, ProspectRef, SentMessageRef } from '../../../shared/schemas/events/catalog';
import { prospectRef } from '../../events/prospect-ref';
import { sentMessageRef } from '../../events/sent-message-ref';

export interface InboundRecord {
  workspaceId: string;
  emailAccountId: string;
  uidValidity: number;
  uid: number;
  messageId: string | null;
  fromEmail: string;
  subject: string;
  text: string;
  receivedAt: Date;
  /** What `text` cut: the quoted history below their words (at most 20,000 characters kept); none when absent. */
  quotedText?: string;
  /** The HTML part as received (stored only up to 1,000,000 characters), or null. */
  html?: string | null;
  /** Message-IDs of the thread, oldest first, in angle brackets (inbox/inbound-content.ts › referencesOf). */
  references?: string[];
  /** Files listed with the message, inserted in its transaction; the kept ones are already in the attachment storage. */
  attachments?: InboundAttachmentRecord[];
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
const cleanOrNull = (s: string | null) => (s === null ? null : withoutNul(s));

/**
 * Stores one matched inbound message and applies what it means, in one transaction
 * (docs/decisions/014-mailbox-health.md); a message already stored (same mailbox, UIDVALIDITY and
 * UID) changes nothing, so a sync that restarts halfway never counts twice. Text is stored without
 * NUL characters (PostgreSQL refuses them), the text cut at 20,000 characters, the subject at 500.
 * Every kind is recorded in the inbox's thread (threads.ts); a bounce with its type and details, an
 * auto-reply with its return date. What it does to the sequence that wrote the matched message
 * (stop, wait, suppress, resend) is `effects.apply`, in the same transaction
 * (outreach/inbound-effects.ts, handed over by the caller: docs/decisions/029-mail-layer.md).
 * Each reports its webhook event in the same transaction (reportInbound, docs/product.md#webhooks),
 * unless the effects say it concerns no prospect (a delay, a bounce of the user's own blind copy).
 * @returns false when the message had been stored before.
 */
export async function applyInbound(
  db: Database,
  record: InboundRecord,
  matched: Matched,
  inbound: Inbound,
  clock: ApplyClock,
  effects: InboundEffects,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const details =
      inbound.kind === 'bounce'
        ? {
            hard: inbound.hard,
            type: inbound.type,
            reason: inbound.reason,
            status: cleanOrNull(inbound.status),
            recipient: cleanOrNull(inbound.recipient),
            diagnostic: cleanOrNull(inbound.diagnostic),
          }
        : inbound.kind === 'auto-reply'
          ? { returnsOn: inbound.returnsOn?.toISOString() ?? null }
          : {};
    const [stored] = await tx
      .insert(inboundMessages)
      .values({
        workspaceId: record.workspaceId,
        emailAccountId: record.emailAccountId,
        imapUidValidity: record.uidValidity,
        imapUid: record.uid,
        prospectId: matched.prospectId,
        outreachMessageId: matched.id,
        kind: inbound.kind === 'auto-reply' ? 'auto_reply' : inbound.kind,
        bounceType: inbound.kind === 'bounce' ? inbound.type : null,
        messageId: cleanOrNull(record.messageId),
        fromEmail: withoutNul(record.fromEmail),
        subject: withoutNul(record.subject).slice(0, 500),
        text: withoutNul(record.text).slice(0, 20_000),
        quotedText: withoutNul(record.quotedText ?? '').slice(0, 20_000),
        html: record.html == null || record.html.length > 1_000_000 ? null : withoutNul(record.html),
        references: (record.references ?? []).map((id) => withoutNul(id)),
        details,
        receivedAt: record.receivedAt,
      })
      .onConflictDoNothing()
      .returning({ id: inboundMessages.id });
    if (!stored) return false;
    await recordInThread(tx, {
      workspaceId: record.workspaceId,
      prospectId: matched.prospectId,
      emailAccountId: record.emailAccountId,
      kind: inbound.kind === 'auto-reply' ? 'auto_reply' : inbound.kind,
      receivedAt: record.receivedAt,
    });
    await emit(tx, {
      type: 'inbound.applied',
      workspaceId: record.workspaceId,
      payload: {
        inboundMessageId: stored.id,
        prospectId: matched.prospectId,
        campaignId: matched.campaignId,
      },
    });

    const reported = await effects.apply(tx, {
      workspaceId: record.workspaceId,
      receivedAt: record.receivedAt,
      matched,
      inbound,
      clock,
    });
    if (reported) await reportInbound(tx, record, matched, inbound, stored.id);
    if (record.attachments?.length)
      await tx.insert(inboundAttachments).values(
        record.attachments.map((a) => ({
          workspaceId: record.workspaceId,
          inboundMessageId: stored.id,
          filename: withoutNul(a.filename),
          contentType: a.contentType,
          size: a.size,
          storageKey: a.storageKey,
        })),
      );
    return true;
  });
}

/** The start of their words for an event's snippet: whitespace folded, at most 280 characters. */
const snippetOf = (text: string) => withoutNul(text).replace(/\s+/g, ' ').trim().slice(0, 280);

/**
 * Reports an applied inbound message to the workspace's webhooks (docs/product.md#webhooks): a
 * reply, auto-reply or challenge as `reply.received` with its classification, a bounce as
 * `bounce.received`, an unsubscribe request as `unsubscribe.received`; in applyInbound's transaction.
 */
async function reportInbound(
  tx: Tx,
  record: InboundRecord,
  matched: Matched,
  inbound: Inbound,
  inboundMessageId: string,
): Promise<void> {
  const refs = async (): Promise<(ProspectRef & MailboxRef & SentMessageRef) | null> => {
    const prospect = await prospectRef(tx, matched.prospectId);
    const [mailbox] = await tx
      .select({ email: emailAccounts.email })
      .from(emailAccounts)
      .where(eq(emailAccounts.id, record.emailAccountId));
    return (
      prospect && {
        ...prospect,
        mailboxId: record.emailAccountId,
        mailboxEmail: mailbox?.email ?? '',
        ...(await sentMessageRef(tx, matched.id)),
      }
    );
  };
  const receivedAt = record.receivedAt.toISOString();
  switch (inbound.kind) {
    case 'reply':
    case 'auto-reply':
    case 'challenge':
      await emit(tx, {
        type: 'reply.received',
        workspaceId: record.workspaceId,
        payload: async () => {
          const ref = await refs();
          return (
            ref && {
              ...ref,
              inboundMessageId,
              classification: inbound.kind === 'auto-reply' ? 'auto_reply' : inbound.kind,
              from: withoutNul(record.fromEmail),
              subject: withoutNul(record.subject).slice(0, 500),
              snippet: snippetOf(record.text),
              receivedAt,
              returnsOn: inbound.kind === 'auto-reply' ? (inbound.returnsOn?.toISOString() ?? null) : null,
            }
          );
        },
      });
      return;
    case 'bounce':
      await emit(tx, {
        type: 'bounce.received',
        workspaceId: record.workspaceId,
        payload: async () => {
          const ref = await refs();
          return (
            ref && {
              ...ref,
              inboundMessageId,
              bounceType: inbound.type,
              hard: inbound.hard,
              reason: inbound.reason,
              status: cleanOrNull(inbound.status),
              recipient: cleanOrNull(inbound.recipient),
              receivedAt,
            }
          );
        },
      });
      return;
    case 'unsubscribe':
      await emit(tx, {
        type: 'unsubscribe.received',
        workspaceId: record.workspaceId,
        payload: async () => {
          const ref = await refs();
          return ref && { ...ref, via: 'mail' as const, inboundMessageId, receivedAt };
        },
      });
  }
}
