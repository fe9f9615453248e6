import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { emailAccounts } from '../db/schema/mailboxes';
import { enrollments, inboundMessages, outreachMessages } from '../db/schema/outreach';
import { prospects } from '../db/schema/prospects';
import { workspaces } from '../db/schema/workspaces';
import type { ApplyClock, InboundEffects, Matched, StoredInbound } from '../mail/inbound-effects';
import { ownAddresses } from '../mail/mailboxes/own-addresses';
import { bounceWords } from '../mail/messages/bounce-words';
import type { Bounce } from '../mail/messages/inbound';
import { bumpCampaignCounters } from '../campaigns/counters';
import { noteClaimReply } from '../placements/claims';
import { evaluateMailboxHealth } from './health/evaluate';
import { changeProspect } from './prospect-changes';
import { domainOf } from './scheduling/queue-steps';
import { suppressAddress } from './suppression';

/** How long the sequence waits after an auto-reply that names no return date (hours of the outreach clock). */
export const DEFAULT_AUTO_REPLY_PAUSE_HOURS = 7 * 24;

/** Soft and policy bounces of one enrollment after which its prospect is failed. */
export const SOFT_BOUNCE_LIMIT = 3;
/** Wait before resending a soft-bounced step, by the enrollment's soft bounces so far (hours of the outreach clock). */
export const SOFT_BOUNCE_RETRY_HOURS = [1, 4] as const;

type Tx = Transaction;

/**
 * What an inbound message the inbox stored means to the sequence that wrote the message it answers
 * (docs/decisions/014-mailbox-health.md), in the transaction that stored it:
 * - reply: prospect 'responded' (unless it has an outcome), campaign responses +1 on the prospect's
 *   first reply, the enrollment stopped — and, when the user keeps the setting on, every other
 *   active enrollment of theirs at the same domain; an open replacement claim on the prospect's
 *   placement moves to "publisher replied" (docs/decisions/038-warranty-claims.md);
 * - auto-reply: the next step waits until the return date (or 7 days of the outreach clock);
 * - challenge (a challenge/response system): nothing;
 * - unsubscribe request: the address suppressed and everything to it stopped;
 * - bounce: hard → prospect 'failed', the failed recipient suppressed, enrollment stopped; soft or
 *   policy → the step resent after 1 h, then 4 h; the third fails the prospect without suppressing;
 *   delay → nothing. A bounce of a copy to one of the user's own mailboxes (the blind copy) changes
 *   nothing: the prospect was not refused.
 * @returns false when the message concerns no prospect (a delay, or a bounce of the blind copy).
 */
async function applyToOutreach(tx: Tx, record: StoredInbound): Promise<boolean> {
  const { matched, inbound, clock } = record;
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
      // A waiting replacement claim on this publisher's placement hears their answer
      // (docs/decisions/038-warranty-claims.md).
      await noteClaimReply(tx, matched.prospectId);
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
          and(eq(outreachMessages.enrollmentId, matched.enrollmentId), eq(outreachMessages.status, 'queued')),
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
  return reported;
}

/**
 * See applyToOutreach: what a bounce of each type does to the prospect, the enrollment and the address.
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

/**
 * Outreach's side of the inbox's pipeline (mail/inbound-effects.ts): applyToOutreach in the
 * storing transaction, and after a bounce or unsubscribe the sending mailbox's health re-read
 * (health/evaluate.ts), which may pause it.
 */
export const outreachInboundEffects: InboundEffects = {
  apply: applyToOutreach,
  afterApplied: evaluateMailboxHealth,
};
