import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaigns, prospects } from '../../db/schema/campaigns';
import { enrollments, inboundMessages, outreachMessages } from '../../db/schema/outreach';
import { users } from '../../db/schema/users';
import { changeProspect } from '../prospect-changes';
import { suppressAddress } from '../suppression';
import type { Inbound } from './classify';
import { domainOf } from '../scheduling/queue-steps';
import type { Matched } from './match';

/** How long the sequence waits after an auto-reply that names no return date (hours of the outreach clock). */
export const DEFAULT_AUTO_REPLY_PAUSE_HOURS = 7 * 24;

export interface InboundRecord {
  userId: string;
  emailAccountId: string;
  uidValidity: number;
  uid: number;
  messageId: string | null;
  fromEmail: string;
  subject: string;
  text: string;
  receivedAt: Date;
}

/**
 * Stores one matched inbound message and applies what it means, in one transaction (issue 7 §3);
 * a message already stored (same mailbox, UIDVALIDITY and UID) changes nothing, so a sync that
 * restarts halfway never counts twice.
 * - reply: prospect 'responded' (unless it has an outcome), campaign responses +1 on the prospect's
 *   first reply, the enrollment stopped — and, when the user keeps the setting on, every other
 *   active enrollment of theirs at the same domain;
 * - auto-reply: recorded, not a response; the next step waits until the return date (or 7 days of
 *   `hourMs`-long hours, OUTREACH_HOUR_MS);
 * - unsubscribe request: the address suppressed and everything to it stopped;
 * - bounce: hard → prospect 'failed', address suppressed, enrollment stopped; soft → recorded.
 * @returns false when the message had been stored before.
 */
export async function applyInbound(
  db: Database,
  record: InboundRecord,
  matched: Matched,
  inbound: Inbound,
  hourMs: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const details =
      inbound.kind === 'bounce'
        ? { hard: inbound.hard, status: inbound.status, recipient: inbound.recipient }
        : inbound.kind === 'auto-reply'
          ? { returnsOn: inbound.returnsOn?.toISOString() ?? null }
          : {};
    const [stored] = await tx
      .insert(inboundMessages)
      .values({
        userId: record.userId,
        emailAccountId: record.emailAccountId,
        imapUidValidity: record.uidValidity,
        imapUid: record.uid,
        prospectId: matched.prospectId,
        outreachMessageId: matched.id,
        kind: inbound.kind === 'auto-reply' ? 'auto_reply' : inbound.kind,
        messageId: record.messageId,
        fromEmail: record.fromEmail,
        subject: record.subject.slice(0, 500),
        text: record.text.slice(0, 20_000),
        details,
        receivedAt: record.receivedAt,
      })
      .onConflictDoNothing()
      .returning({ id: inboundMessages.id });
    if (!stored) return false;

    const stop = (reason: string) =>
      tx
        .update(enrollments)
        .set({ status: 'stopped', stopReason: reason, nextStepAt: null })
        .where(
          and(eq(enrollments.id, matched.enrollmentId), inArray(enrollments.status, ['active', 'paused'])),
        );

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
          await tx
            .update(campaigns)
            .set({ responses: sql`${campaigns.responses} + 1` })
            .where(eq(campaigns.id, matched.campaignId));
        }
        await stop('Replied');
        const [owner] = await tx
          .select({ stopDomain: users.stopDomainOnReply })
          .from(users)
          .where(eq(users.id, record.userId));
        if (owner?.stopDomain)
          await stopDomain(tx, record.userId, domainOf(matched.toEmail), matched.enrollmentId);
        break;
      }
      case 'auto-reply': {
        const until =
          inbound.returnsOn ??
          new Date(record.receivedAt.getTime() + DEFAULT_AUTO_REPLY_PAUSE_HOURS * hourMs);
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
        await suppressAddress(tx, record.userId, matched.toEmail, 'unsubscribe', 'Asked to be removed');
        break;
      case 'bounce': {
        if (!inbound.hard) break;
        const reason = `Bounced${inbound.status ? ` (${inbound.status})` : ''}`;
        // last_contacted stays: the message did reach the prospect's server (unlike the user's Failed button, spec §5).
        await changeProspect(tx, eq(prospects.id, matched.prospectId), { status: 'failed', reason });
        await suppressAddress(tx, record.userId, inbound.recipient ?? matched.toEmail, 'bounce', reason);
        // The report may name another address (a forward) than the one we wrote to: stop this enrollment too.
        await stop(reason);
        break;
      }
    }
    return true;
  });
}

/** Stops the user's other active enrollments whose prospect address is at `domain`. */
async function stopDomain(db: Database, userId: string, domain: string, except: string): Promise<void> {
  await db.execute(sql`
    update enrollments e set status = 'stopped', stop_reason = 'Someone at the same domain replied', next_step_at = null
    from prospects p
    where p.id = e.prospect_id and e.user_id = ${userId} and e.id <> ${except}
      and e.status in ('active', 'paused') and lower(split_part(p.contact_email, '@', 2)) = ${domain}`);
}
