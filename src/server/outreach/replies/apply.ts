import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { withoutNul } from '../../../shared/text/without-nul';
import type { Database } from '../../db/client';
import { bumpCampaignCounters } from '../../campaigns/counters';
import { prospects } from '../../db/schema/prospects';
import { emailAccounts } from '../../db/schema/mailboxes';
import { enrollments, inboundMessages, outreachMessages } from '../../db/schema/outreach';
import { inboundAttachments } from '../../db/schema/inbox';
import type { InboundAttachmentRecord } from '../../inbox/inbound-content';
import { workspaces } from '../../db/schema/workspaces';
import { changeProspect } from '../prospect-changes';
import { domainOf } from '../scheduling/queue-steps';
import { suppressAddress } from '../suppression';
import { bounceWords } from './bounce-words';
import type { Bounce, Inbound } from './inbound';
import { ownAddresses, type Matched } from './match';
import { emit } from '../../events/emit';
import { recordInThread } from '../../inbox/threads';
import type { MailboxRef, ProspectRef } from '../../../shared/schemas/events/catalog';
import { prospectRef } from '../../events/prospect-ref';

/** How long the sequence waits after an auto-reply that names no return date (hours of the outreach clock). */
export const DEFAULT_AUTO_REPLY_PAUSE_HOURS = 7 * 24;

/** Soft and policy bounces of one enrollment after which its prospect is failed. */
export const SOFT_BOUNCE_LIMIT = 3;
/** Wait before resending a soft-bounced step, by the enrollment's soft bounces so far (hours of the outreach clock). */
export const SOFT_BOUNCE_RETRY_HOURS = [1, 4] as const;

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

/** The outreach clock: `hourMs` is the length of an hour (OUTREACH_HOUR_MS), `now` the sync's instant. */
export interface ApplyClock {
  hourMs: number;
  now: Date;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
const cleanOrNull = (s: string | null) => (s === null ? null : withoutNul(s));

/**
 * Stores one matched inbound message and applies what it means, in one transaction
 * (docs/decisions/014-mailbox-health.md); a message already stored (same mailbox, UIDVALIDITY and
 * UID) changes nothing, so a sync that restarts halfway never counts twice. Text is stored without
 * NUL characters (PostgreSQL refuses them), the text cut at 20,000 characters, the subject at 500.
 * - reply: prospect 'responded' (unless it has an outcome), campaign responses +1 on the prospect's
 *   first reply, the enrollment stopped — and, when the user keeps the setting on, every other
 *   active enrollment of theirs at the same domain;
 * - auto-reply: recorded, not a response; the next step waits until the return date (or 7 days of
 *   the outreach clock);
 * - challenge (a challenge/response system): recorded, nothing else;
 * - unsubscribe request: the address suppressed and everything to it stopped;
 * - bounce, stored with its type and details: hard → prospect 'failed', the failed recipient
 *   suppressed, enrollment stopped; soft or policy → the step resent after 1 h, then 4 h; the
 *   third fails the prospect without suppressing; delay → recorded only. A bounce of a copy to one
 *   of the user's own mailboxes (the blind copy) is recorded only: the prospect was not refused.
 * Each reports its webhook event in the same transaction (reportInbound, docs/product.md#webhooks).
 * @returns false when the message had been stored before.
 */
export async function applyInbound(
  db: Database,
  record: InboundRecord,
  matched: Matched,
  inbound: Inbound,
  clock: ApplyClock,
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

    let reported = true;
    switch (inbound.kind) {
      case 'reply': {
        const [{ earlier }] = (await tx
          .select({ earlier: sql<number>`count(*)::int` })
          .from(inboundMessages)
          .where(
            and(eq(inboundMessages.prospectId, matched.prospectId), eq(inboundMessages.kind, 'reply')),
          )) as [{ earlier: number }];
        await changeProspect(tx, eq(prospects.id, matched.prospectId), {
          status: sql`case when ${prospects.status} in ('success', 'failed') then ${prospects.status} else 'responded'::prospect_status end`,
          reason: 'Replied',
        });
        if (earlier === 1) {
          await bumpCampaignCounters(tx, matched.campaignId, { responses: 1 });
        }
        await stopEnrollment(tx, matched.enrollmentId, 'Replied');
        const [owner] = await tx
          .select({ stopDomain: workspaces.stopDomainOnReply })
          .from(workspaces)
          .where(eq(workspaces.id, record.workspaceId));
        if (owner?.stopDomain)
          await stopDomain(tx, record.workspaceId, domainOf(matched.toEmail), matched.enrollmentId);
        break;
      }
      case 'auto-reply': {
        const until =
          inbound.returnsOn ??
          new Date(record.receivedAt.getTime() + DEFAULT_AUTO_REPLY_PAUSE_HOURS * clock.hourMs);
        await tx
          .update(enrollments)
          .set({ nextStepAt: sql`greatest(${enrollments.nextStepAt}, ${until.toISOString()}::timestamptz)` })
          .where(and(eq(enrollments.id, matched.enrollmentId), eq(enrollments.status, 'active')));
        await tx
          .update(outreachMessages)
          .set({
            notBefore: sql`greatest(${outreachMessages.notBefore}, ${until.toISOString()}::timestamptz)`,
          })
          .where(
            and(
              eq(outreachMessages.enrollmentId, matched.enrollmentId),
              eq(outreachMessages.status, 'queued'),
            ),
          );
        break;
      }
      case 'unsubscribe':
        await suppressAddress(tx, record.workspaceId, matched.toEmail, 'unsubscribe', 'Asked to be removed');
        break;
      case 'bounce':
        // A delay, or a bounce of the blind copy, says nothing about the prospect: no event then.
        reported = await applyBounce(tx, record.workspaceId, matched, inbound, clock);
        break;
      case 'challenge':
        break;
    }
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
  const refs = async (): Promise<(ProspectRef & MailboxRef) | null> => {
    const prospect = await prospectRef(tx, matched.prospectId);
    const [mailbox] = await tx
      .select({ email: emailAccounts.email })
      .from(emailAccounts)
      .where(eq(emailAccounts.id, record.emailAccountId));
    return prospect && { ...prospect, mailboxId: record.emailAccountId, mailboxEmail: mailbox?.email ?? '' };
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

/**
 * See applyInbound: what a bounce of each type does to the prospect, the enrollment and the address.
 * @returns false when it concerns no prospect (a delay, or a bounce of the user's own blind copy).
 */
async function applyBounce(
  tx: Tx,
  workspaceId: string,
  matched: Matched,
  bounce: Bounce,
  clock: ApplyClock,
): Promise<boolean> {
  if (bounce.type === 'delay') return false;
  const own = await ownAddresses(tx, workspaceId);
  const recipient = bounce.recipient?.toLowerCase() ?? null;
  if (recipient && own.has(recipient)) return false;

  if (bounce.type === 'hard') {
    const reason = `Bounced${bounce.status ? ` (${bounce.status})` : ''}`;
    // last_contacted stays: the message did reach the prospect's server (unlike the user's Failed button).
    await changeProspect(tx, eq(prospects.id, matched.prospectId), { status: 'failed', reason });
    // The report names the address that failed; without one, only a match through the returned
    // Message-ID says for certain which message (and so which address) bounced.
    const failed = recipient ?? (matched.via === 'original' ? matched.toEmail.toLowerCase() : null);
    if (failed && !own.has(failed)) await suppressAddress(tx, workspaceId, failed, 'bounce', reason);
    // The report may name another address (a forward) than the one we wrote to: stop this enrollment too.
    await stopEnrollment(tx, matched.enrollmentId, reason);
    return true;
  }

  const [enrollment] = await tx
    .update(enrollments)
    .set({ softBounces: sql`${enrollments.softBounces} + 1` })
    .where(eq(enrollments.id, matched.enrollmentId))
    .returning({ softBounces: enrollments.softBounces, status: enrollments.status });
  if (!enrollment || enrollment.status === 'stopped') return true;
  const words = bounceWords(bounce.reason, bounce.status);
  if (enrollment.softBounces >= SOFT_BOUNCE_LIMIT) {
    const reason = `Bounced ${enrollment.softBounces} times: ${words}`;
    await changeProspect(tx, eq(prospects.id, matched.prospectId), { status: 'failed', reason });
    await stopEnrollment(tx, matched.enrollmentId, reason);
    return true;
  }
  await resendLater(tx, matched, enrollment.status, clock, enrollment.softBounces, `Bounced: ${words}`);
  return true;
}

/**
 * Puts a soft-bounced message back in the queue after the back-off, unless a later step of its
 * enrollment exists already (then only the count stands). It no longer counts as sent; the
 * enrollment waits for it (no next step due) and, if it had completed, is active again.
 */
async function resendLater(
  tx: Tx,
  matched: Matched,
  enrollmentStatus: string,
  clock: ApplyClock,
  softBounces: number,
  reason: string,
): Promise<void> {
  const [message] = await tx
    .select({ stepNumber: outreachMessages.stepNumber })
    .from(outreachMessages)
    .where(eq(outreachMessages.id, matched.id));
  if (!message) return;
  const [later] = await tx
    .select({ id: outreachMessages.id })
    .from(outreachMessages)
    .where(
      and(
        eq(outreachMessages.enrollmentId, matched.enrollmentId),
        gt(outreachMessages.stepNumber, message.stepNumber),
      ),
    )
    .limit(1);
  if (later) return;
  const hours = SOFT_BOUNCE_RETRY_HOURS[Math.min(softBounces, SOFT_BOUNCE_RETRY_HOURS.length) - 1]!;
  const [requeued] = await tx
    .update(outreachMessages)
    .set({
      status: 'queued',
      notBefore: new Date(clock.now.getTime() + hours * clock.hourMs),
      sentAt: null,
      claimedAt: null,
      attempts: 0,
      lastError: reason,
    })
    .where(and(eq(outreachMessages.id, matched.id), eq(outreachMessages.status, 'sent')))
    .returning({ id: outreachMessages.id });
  if (!requeued) return;
  await bumpCampaignCounters(tx, matched.campaignId, { emailsSent: -1 });
  if (matched.emailAccountId)
    await tx
      .update(emailAccounts)
      .set({ emailsSent: sql`greatest(${emailAccounts.emailsSent} - 1, 0)` })
      .where(eq(emailAccounts.id, matched.emailAccountId));
  await tx
    .update(enrollments)
    .set({
      nextStep: message.stepNumber,
      nextStepAt: null,
      ...(enrollmentStatus === 'completed' ? { status: 'active' as const } : {}),
    })
    .where(eq(enrollments.id, matched.enrollmentId));
}

/** Stops an enrollment still running or paused, with the reason shown on the prospect. */
async function stopEnrollment(tx: Tx, enrollmentId: string, reason: string): Promise<void> {
  await tx
    .update(enrollments)
    .set({ status: 'stopped', stopReason: reason, nextStepAt: null })
    .where(and(eq(enrollments.id, enrollmentId), inArray(enrollments.status, ['active', 'paused'])));
}

/** Stops the user's other active enrollments whose prospect address is at `domain`. */
async function stopDomain(db: Database, workspaceId: string, domain: string, except: string): Promise<void> {
  await db.execute(sql`
    update enrollments e set status = 'stopped', stop_reason = 'Someone at the same domain replied', next_step_at = null
    from prospects p
    where p.id = e.prospect_id and e.workspace_id = ${workspaceId} and e.id <> ${except}
      and e.status in ('active', 'paused') and lower(split_part(p.contact_email, '@', 2)) = ${domain}`);
}
