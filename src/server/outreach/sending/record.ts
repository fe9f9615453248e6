import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bumpCampaignCounters } from '../../campaigns/counters';
import { prospects } from '../../db/schema/prospects';
import { emailAccounts } from '../../db/schema/mailboxes';
import { enrollments, outreachMessages, suppressions } from '../../db/schema/outreach';
import { emailSequenceSteps } from '../../db/schema/sequences';
import { changeProspect } from '../prospect-changes';
import { emit } from '../../events/emit';

type Message = typeof outreachMessages.$inferSelect;

/**
 * Records a delivered message in one transaction (docs/decisions/009-outreach-sending.md): the message 'sent', the prospect
 * 'sent' with last_contacted (unless it already responded or has an outcome), the campaign's and
 * the mailbox's counters, and the enrollment's next step due at sent + this step's delay — or the
 * enrollment completed after its last step. Only a message still 'sending' is recorded, so
 * recording twice counts once. `hourMs` is the length of a delay hour (OUTREACH_HOUR_MS).
 */
export async function recordSent(
  db: Database,
  message: Message,
  sentAt: Date,
  hourMs: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(outreachMessages)
      .set({ status: 'sent', sentAt, lastError: null })
      .where(and(eq(outreachMessages.id, message.id), eq(outreachMessages.status, 'sending')))
      .returning({ id: outreachMessages.id });
    if (!updated) return false;
    await emit(tx, {
      type: 'outreach.message_sent',
      workspaceId: message.workspaceId,
      payload: { messageId: message.id, campaignId: message.campaignId },
    });
    await changeProspect(tx, eq(prospects.id, message.prospectId), {
      status: sql`case when ${prospects.status} in ('pending', 'sent') then 'sent'::prospect_status else ${prospects.status} end`,
      lastContacted: sentAt,
      reason: `Step ${message.stepNumber} sent`,
      contactedAt: sentAt,
    });
    await bumpCampaignCounters(tx, message.campaignId, { emailsSent: 1 });
    if (message.emailAccountId) {
      await tx
        .update(emailAccounts)
        .set({ emailsSent: sql`${emailAccounts.emailsSent} + 1` })
        .where(eq(emailAccounts.id, message.emailAccountId));
    }
    const [enrollment] = await tx.select().from(enrollments).where(eq(enrollments.id, message.enrollmentId));
    if (!enrollment) return true;
    const steps = enrollment.sequenceId
      ? await tx
          .select({ stepNumber: emailSequenceSteps.stepNumber, delayHours: emailSequenceSteps.delayHours })
          .from(emailSequenceSteps)
          .where(eq(emailSequenceSteps.sequenceId, enrollment.sequenceId))
      : [];
    const current = steps.find((s) => s.stepNumber === message.stepNumber);
    const hasNext = steps.some((s) => s.stepNumber === message.stepNumber + 1);
    await tx
      .update(enrollments)
      .set(
        hasNext && current?.delayHours
          ? {
              nextStep: message.stepNumber + 1,
              nextStepAt: new Date(sentAt.getTime() + current.delayHours * hourMs),
            }
          : {
              nextStep: message.stepNumber + 1,
              nextStepAt: null,
              status: enrollment.status === 'active' ? 'completed' : enrollment.status,
            },
      )
      .where(eq(enrollments.id, enrollment.id));
    return true;
  });
}

/**
 * Puts a message back in the queue after a transient failure, not before `notBefore`. Only a
 * message still 'sending' is put back, and only then is the change announced: two workers
 * reconciling the same interrupted send announce it once.
 */
export async function recordRetry(
  db: Database,
  message: Message,
  notBefore: Date,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(outreachMessages)
      .set({ status: 'queued', notBefore, lastError: reason, claimedAt: null })
      .where(and(eq(outreachMessages.id, message.id), eq(outreachMessages.status, 'sending')))
      .returning({ id: outreachMessages.id });
    if (!updated) return;
    await emit(tx, {
      type: 'outreach.message_deferred',
      workspaceId: message.workspaceId,
      payload: { messageId: message.id, campaignId: message.campaignId },
    });
  });
}

/**
 * Notes why a message's fate is unknown (the SMTP server went away or silent after the transaction
 * began) and leaves it 'sending' with its claim: after SENDING_LEASE_MS the reconciler decides from
 * the mailbox's blind copy whether it went out (reconcile.ts, docs/decisions/042-fault-suite.md).
 */
export async function recordUnconfirmed(db: Database, message: Message, reason: string): Promise<void> {
  await db
    .update(outreachMessages)
    .set({
      lastError: `${reason} Whether it went out is checked against the mailbox's copy within 20 minutes.`,
    })
    .where(and(eq(outreachMessages.id, message.id), eq(outreachMessages.status, 'sending')));
}

/**
 * Takes back a claimed message unsent: 'queued' as if it had never been claimed (its campaign was
 * paused between the claim and the send; it goes out once the campaign is active again), or
 * 'cancelled' (its enrollment stopped meanwhile, e.g. an unsubscribe).
 */
export async function releaseClaim(
  db: Database,
  message: Message,
  to: 'queued' | 'cancelled',
): Promise<void> {
  await db
    .update(outreachMessages)
    .set({ status: to, claimedAt: null, attempts: sql`greatest(${outreachMessages.attempts} - 1, 0)` })
    .where(and(eq(outreachMessages.id, message.id), eq(outreachMessages.status, 'sending')));
}

/**
 * Records a failure (docs/decisions/009-outreach-sending.md: SMTP 5xx, or too many attempts): the message and the prospect 'failed', the
 * enrollment stopped, and — when the server refused the recipient — the address suppressed.
 */
export async function recordFailed(
  db: Database,
  message: Message,
  reason: string,
  suppress: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(outreachMessages)
      .set({ status: 'failed', lastError: reason })
      .where(
        and(eq(outreachMessages.id, message.id), inArray(outreachMessages.status, ['sending', 'queued'])),
      )
      .returning({ id: outreachMessages.id });
    // Another worker recorded it first (sent, say): its prospect is not failed for it.
    if (!updated) return;
    await emit(tx, {
      type: 'outreach.message_failed',
      workspaceId: message.workspaceId,
      payload: { messageId: message.id, campaignId: message.campaignId },
    });
    await changeProspect(tx, eq(prospects.id, message.prospectId), {
      // last_contacted stays: an earlier step may have reached the prospect.
      status: 'failed',
      reason: `Step ${message.stepNumber} could not be sent: ${reason}`,
    });
    await tx
      .update(enrollments)
      .set({ status: 'stopped', stopReason: reason, nextStepAt: null })
      .where(eq(enrollments.id, message.enrollmentId));
    if (suppress) {
      await tx
        .insert(suppressions)
        .values({ workspaceId: message.workspaceId, email: message.toEmail.toLowerCase(), reason: 'bounce' })
        .onConflictDoNothing();
    }
  });
}
