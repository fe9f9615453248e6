import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { asStepCondition } from '../../../shared/step-conditions';
import {
  TIMELINE_TRACKING_LIMIT,
  type ProspectTimeline,
  type TimelineEntry,
} from '../../../shared/schemas/prospect-timeline';
import type { Database } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { prospects } from '../../db/schema/prospects';
import { inboundMessages, outreachMessages, trackingEvents } from '../../db/schema/outreach';
import { inboxAnswers, inboxThreads } from '../../db/schema/inbox';
import { users } from '../../db/schema/users';
import { prospectEvents } from '../../db/schema/prospect-history';
import { iso } from '../../db/sql-helpers';
import { AppError } from '../../http/errors';
import { toProspect } from './service';

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * A prospect's whole history, oldest first (docs/decisions/011-replies-history-and-domain-memory.md): when it was added, our messages with their
 * state, opens and clicks (scanner hits flagged; the newest TIMELINE_TRACKING_LIMIT), the replies,
 * auto-replies, unsubscribe requests and bounces read from the mailbox (never dated before the
 * message they answer), the answers members wrote in the inbox, and its status changes. Entries at the same instant keep that order, so a
 * reply comes before the status it caused.
 * @throws AppError 404 when the prospect is not the user's.
 */
export async function prospectTimeline(
  db: Database,
  workspaceId: string,
  id: string,
): Promise<ProspectTimeline> {
  const [row] = await db
    .select({ prospect: prospects, campaignName: campaigns.name })
    .from(prospects)
    .innerJoin(campaigns, eq(campaigns.id, prospects.campaignId))
    .where(and(eq(prospects.id, id), eq(prospects.workspaceId, workspaceId)));
  if (!row) throw AppError.notFound('Prospect not found');

  const [messages, inbound, answers, statuses] = await Promise.all([
    db.select().from(outreachMessages).where(eq(outreachMessages.prospectId, id)),
    db.select().from(inboundMessages).where(eq(inboundMessages.prospectId, id)),
    db
      .select({ answer: inboxAnswers, author: users.name })
      .from(inboxAnswers)
      .innerJoin(inboxThreads, eq(inboxThreads.id, inboxAnswers.threadId))
      .leftJoin(users, eq(users.id, inboxAnswers.authorId))
      .where(and(eq(inboxThreads.prospectId, id), eq(inboxAnswers.status, 'sent'))),
    db
      .select()
      .from(prospectEvents)
      .where(eq(prospectEvents.prospectId, id))
      .orderBy(asc(prospectEvents.createdAt)),
  ]);
  const stepOf = new Map(messages.map((m) => [m.id, m.stepNumber]));
  const sentAtOf = new Map(messages.map((m) => [m.id, m.sentAt]));
  // An answer's Date header comes from the other side's clock: never show it before what it answers.
  const answeredAt = (m: (typeof inbound)[number]) => {
    const sent = m.outreachMessageId ? sentAtOf.get(m.outreachMessageId) : null;
    return sent && sent > m.receivedAt ? sent : m.receivedAt;
  };
  const ids = messages.map((m) => m.id);
  const [hits, [hitCount]] =
    ids.length === 0
      ? [[], [{ total: 0 }]]
      : await Promise.all([
          db
            .select()
            .from(trackingEvents)
            .where(inArray(trackingEvents.messageId, ids))
            .orderBy(desc(trackingEvents.createdAt))
            .limit(TIMELINE_TRACKING_LIMIT),
          db.select({ total: count() }).from(trackingEvents).where(inArray(trackingEvents.messageId, ids)),
        ]);

  const entries: TimelineEntry[] = [
    { type: 'added', at: iso(row.prospect.createdAt) },
    ...messages.map((m): TimelineEntry => ({
      type: 'message',
      at: iso(m.sentAt ?? m.updatedAt),
      stepNumber: m.stepNumber,
      variantId: m.variantId,
      branch: asStepCondition(m.branch),
      status: m.status,
      toEmail: m.toEmail,
      subject: m.subject,
      body: m.body,
      error: m.status === 'sent' ? null : m.lastError,
    })),
    ...hits.map((e): TimelineEntry => ({
      type: e.type,
      at: iso(e.createdAt),
      stepNumber: stepOf.get(e.messageId) ?? 0,
      url: e.url,
      automated: e.automated,
    })),
    ...inbound.map((m): TimelineEntry => ({
      type: m.kind,
      id: m.id,
      at: iso(answeredAt(m)),
      fromEmail: m.fromEmail,
      subject: m.subject,
      text: m.text,
      returnsOn: text(m.details.returnsOn),
      bounceStatus: text(m.details.status),
      hard: typeof m.details.hard === 'boolean' ? m.details.hard : null,
      bounceType: m.bounceType,
      bounceReason: text(m.details.reason),
    })),
    ...answers.map(({ answer, author }): TimelineEntry => ({
      type: 'answer',
      at: iso(answer.sentAt ?? answer.updatedAt),
      author,
      toEmail: answer.toEmail ?? '',
      subject: answer.subject,
      body: answer.body,
    })),
    ...statuses.map((s): TimelineEntry => ({
      type: 'status',
      at: iso(s.createdAt),
      status: s.status,
      reason: s.reason,
    })),
  ];
  // A stable sort: at the same instant the order above (message, hit, answer, status) stays.
  entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return {
    prospect: toProspect(row.prospect),
    campaignName: row.campaignName,
    entries,
    trackingTruncated: (hitCount?.total ?? 0) > hits.length,
  };
}
