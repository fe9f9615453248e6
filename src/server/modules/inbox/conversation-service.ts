import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { InboxThread, LabelThreadResult, ThreadMessage } from '../../../shared/schemas/inbox';
import { inboxMessages } from '../../../shared/schemas/inbox';
import type { ProspectStatus } from '../../../shared/schemas/prospects';
import { replySubject } from '../../mail/messages/compose';
import type { Database, Db } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import {
  inboundAttachments,
  inboxAnswers,
  inboxLabels,
  inboxReads,
  inboxThreads,
} from '../../db/schema/inbox';
import { liveLinks } from '../../db/schema/live-links';
import { emailAccounts } from '../../db/schema/mailboxes';
import { inboundMessages, outreachMessages } from '../../db/schema/outreach';
import { prospects } from '../../db/schema/prospects';
import { users } from '../../db/schema/users';
import { workspaceMembers } from '../../db/schema/workspaces';
import { iso } from '../../db/sql-helpers';
import type { Actor } from '../../auth/workspaces';
import { emit } from '../../events/emit';
import { AppError } from '../../http/errors';
import { domainMemoryOf, prospectDomain } from '../../outreach/domain-memory';
import { changeProspect } from '../../outreach/prospect-changes';
import { listNotes } from './notes-service';
import { threadSummary } from './threads-service';

/** The workspace's thread `threadId`, locked for the caller's transaction when `lock`. */
/** Who acts on a conversation: the member (the activity log names them) in their workspace. */
type InboxActor = Pick<Actor, 'workspaceId' | 'userId' | 'apiKeyId'>;

/** A thread as its events name it: ids and its prospect's website. */
async function threadRef(db: Db, thread: { id: string; prospectId: string }) {
  const [prospect] = await db
    .select({ campaignId: prospects.campaignId, website: prospects.website })
    .from(prospects)
    .where(eq(prospects.id, thread.prospectId));
  return { threadId: thread.id, prospectId: thread.prospectId, ...prospect! };
}

export async function ownThread(db: Db, workspaceId: string, threadId: string, lock = false) {
  const query = db
    .select()
    .from(inboxThreads)
    .where(and(eq(inboxThreads.id, threadId), eq(inboxThreads.workspaceId, workspaceId)));
  const [thread] = await (lock ? query.for('update') : query);
  if (!thread) throw AppError.notFound();
  return thread;
}

/**
 * The whole conversation for member `userId` (docs/product.md#inbox): our sequence steps that went
 * out, their messages with attachments, our answers, in time order; the prospect's card (scores,
 * status, campaign, domain memory, live links on their domain), the conversation's mailbox, the
 * member's draft and the prospect's notes.
 * @throws AppError NOT_FOUND when the workspace has no such thread.
 */
export async function getThread(
  db: Database,
  workspaceId: string,
  userId: string,
  threadId: string,
): Promise<InboxThread> {
  const thread = await threadSummary(db, workspaceId, userId, threadId);
  if (!thread) throw AppError.notFound();
  const [prospect] = await db
    .select({
      id: prospects.id,
      website: prospects.website,
      domain: prospects.domain,
      contactName: prospects.contactName,
      contactEmail: prospects.contactEmail,
      daScore: prospects.daScore,
      relevanceScore: prospects.relevanceScore,
      status: prospects.status,
      campaignId: prospects.campaignId,
      campaignName: campaigns.name,
    })
    .from(prospects)
    .innerJoin(campaigns, eq(campaigns.id, prospects.campaignId))
    .where(eq(prospects.id, thread.prospectId));
  if (!prospect) throw AppError.notFound();
  const domain = prospectDomain(prospect);

  const [steps, inbound, answers, draft, mailbox, memory, links, notes] = await Promise.all([
    db
      .select()
      .from(outreachMessages)
      .where(and(eq(outreachMessages.prospectId, prospect.id), eq(outreachMessages.status, 'sent'))),
    db.select().from(inboundMessages).where(eq(inboundMessages.prospectId, prospect.id)),
    db
      .select({ answer: inboxAnswers, author: users.name })
      .from(inboxAnswers)
      .leftJoin(users, eq(users.id, inboxAnswers.authorId))
      .where(and(eq(inboxAnswers.threadId, threadId), eq(inboxAnswers.status, 'sent'))),
    db
      .select()
      .from(inboxAnswers)
      .where(
        and(
          eq(inboxAnswers.threadId, threadId),
          eq(inboxAnswers.authorId, userId),
          inArray(inboxAnswers.status, ['draft', 'sending']),
        ),
      )
      .limit(1),
    thread.mailboxId
      ? db.select().from(emailAccounts).where(eq(emailAccounts.id, thread.mailboxId))
      : Promise.resolve([]),
    domainMemoryOf(db, workspaceId, [domain]),
    db
      .select({ id: liveLinks.id, pageUrl: liveLinks.pageUrl, status: liveLinks.status })
      .from(liveLinks)
      .where(
        and(
          eq(liveLinks.workspaceId, workspaceId),
          sql`lower(substring(${liveLinks.pageUrl} from '^[a-zA-Z]+://(?:www\\.)?([^/:?#]+)')) = ${domain}`,
        ),
      )
      .orderBy(desc(liveLinks.discoveredAt))
      .limit(10),
    listNotes(db, workspaceId, prospect.id),
  ]);
  const attachments = inbound.length
    ? await db
        .select()
        .from(inboundAttachments)
        .where(
          inArray(
            inboundAttachments.inboundMessageId,
            inbound.map((m) => m.id),
          ),
        )
        .orderBy(asc(inboundAttachments.createdAt))
    : [];

  const messages: ThreadMessage[] = [
    ...steps.map((m): ThreadMessage => ({
      type: 'step',
      id: m.id,
      stepNumber: m.stepNumber,
      subject: m.subject,
      body: m.body,
      toEmail: m.toEmail,
      at: iso(m.sentAt ?? m.createdAt),
    })),
    ...inbound.map((m): ThreadMessage => ({
      type: 'inbound',
      id: m.id,
      kind: m.kind,
      fromEmail: m.fromEmail,
      subject: m.subject,
      text: m.text.trim(),
      quotedText: m.quotedText.trim(),
      hasHtml: m.html !== null,
      attachments: attachments
        .filter((a) => a.inboundMessageId === m.id)
        .map((a) => ({
          id: a.id,
          filename: a.filename,
          contentType: a.contentType,
          size: a.size,
          downloadable: a.storageKey !== null,
        })),
      at: iso(m.receivedAt),
    })),
    ...answers.map(({ answer, author }): ThreadMessage => ({
      type: 'answer',
      id: answer.id,
      author,
      subject: answer.subject,
      body: answer.body,
      toEmail: answer.toEmail ?? '',
      sentCopyError: answer.sentCopyError,
      at: iso(answer.sentAt ?? answer.updatedAt),
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  const latestTheirs = inbound
    .filter((m) => m.kind === 'reply')
    .sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime())[0];
  const box = mailbox[0];
  const pending = draft[0];
  return {
    thread,
    prospect: {
      id: prospect.id,
      website: prospect.website,
      contactName: prospect.contactName,
      contactEmail: prospect.contactEmail,
      daScore: prospect.daScore,
      relevanceScore: prospect.relevanceScore,
      status: prospect.status,
      campaignId: prospect.campaignId,
      campaignName: prospect.campaignName,
      domainMemory: memory.get(domain) ?? null,
      liveLinks: links,
    },
    mailbox: box
      ? {
          id: box.id,
          email: box.email,
          paused: box.status === 'paused',
          error: box.status === 'error' ? box.statusReason : null,
        }
      : null,
    messages,
    answerSubject: replySubject(latestTheirs?.subject ?? thread.subject),
    draft: pending
      ? {
          subject: pending.subject,
          body: pending.body,
          updatedAt: iso(pending.updatedAt),
          lastError: pending.lastError,
        }
      : null,
    notes,
  };
}

/** Marks the thread read (now) or unread for member `userId`. @throws AppError NOT_FOUND. */
export async function markRead(
  db: Database,
  workspaceId: string,
  userId: string,
  threadId: string,
  read: boolean,
): Promise<void> {
  await ownThread(db, workspaceId, threadId);
  if (read)
    await db
      .insert(inboxReads)
      .values({ threadId, userId, readAt: new Date() })
      .onConflictDoUpdate({ target: [inboxReads.threadId, inboxReads.userId], set: { readAt: new Date() } });
  else
    await db.delete(inboxReads).where(and(eq(inboxReads.threadId, threadId), eq(inboxReads.userId, userId)));
  await emit(db, { type: 'inbox.read_changed', workspaceId, actor: { userId }, payload: { threadId, read } });
}

const labelReason = (name: string) => `Labelled “${name}” in the inbox`;

/**
 * Sets or clears a thread's label (docs/product.md#inbox). A label with an outcome moves the
 * prospect's status to it (link placed → success, not interested → failed, interested →
 * responded); `restoreStatus` — the undo — puts back the status it had instead.
 * @returns the previous label and status (for the undo) and whether to propose a live link.
 * @throws AppError NOT_FOUND for a thread or label outside the workspace.
 */
export async function labelThread(
  db: Database,
  actor: InboxActor,
  threadId: string,
  labelId: string | null,
  restoreStatus: ProspectStatus | undefined,
): Promise<LabelThreadResult> {
  const { workspaceId } = actor;
  return db.transaction(async (tx) => {
    const thread = await ownThread(tx, workspaceId, threadId, true);
    const [label] = labelId
      ? await tx
          .select()
          .from(inboxLabels)
          .where(and(eq(inboxLabels.id, labelId), eq(inboxLabels.workspaceId, workspaceId)))
      : [null];
    if (labelId && !label) throw AppError.notFound();
    const [prospect] = await tx
      .select({ status: prospects.status })
      .from(prospects)
      .where(eq(prospects.id, thread.prospectId));
    const previousStatus = prospect!.status;
    await tx.update(inboxThreads).set({ labelId }).where(eq(inboxThreads.id, threadId));
    const status = restoreStatus ?? label?.outcome ?? previousStatus;
    if (status !== previousStatus)
      await changeProspect(tx, eq(prospects.id, thread.prospectId), {
        status,
        reason: restoreStatus ? 'Label undone in the inbox' : labelReason(label!.name),
      });
    await emit(tx, {
      type: 'inbox.labelled',
      workspaceId,
      actor,
      payload: { ...(await threadRef(tx, thread)), label: label?.name ?? null },
    });
    return {
      previousLabelId: thread.labelId,
      previousStatus,
      status,
      proposeLiveLink: !restoreStatus && label?.outcome === 'success',
    };
  });
}

/**
 * Assigns the thread to a member of the workspace, or to nobody.
 * @throws AppError NOT_FOUND for a thread outside the workspace or an assignee who is not a member.
 */
export async function assignThread(
  db: Database,
  actor: InboxActor,
  threadId: string,
  assigneeId: string | null,
): Promise<void> {
  const { workspaceId } = actor;
  const thread = await ownThread(db, workspaceId, threadId);
  let assignee: string | null = null;
  if (assigneeId) {
    const [member] = await db
      .select({ name: users.name })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, assigneeId)));
    if (!member) throw AppError.notFound(inboxMessages.notAMember);
    assignee = member.name;
  }
  await db.transaction(async (tx) => {
    await tx.update(inboxThreads).set({ assigneeId }).where(eq(inboxThreads.id, threadId));
    await emit(tx, {
      type: 'inbox.assigned',
      workspaceId,
      actor,
      payload: { ...(await threadRef(tx, thread)), assignee },
    });
  });
}

/**
 * "Remind me in `days` days if they don't answer": a notification when due (inbox/reminders.ts),
 * cleared by their next reply; null clears it. A day is `dayMs` long (24 hours of the outreach
 * clock, OUTREACH_HOUR_MS, so test installs can run days in seconds).
 * @returns the time of the reminder, or null. @throws AppError NOT_FOUND.
 */
export async function setReminder(
  db: Database,
  actor: InboxActor,
  threadId: string,
  days: number | null,
  clock: { now: Date; dayMs: number },
): Promise<string | null> {
  const { workspaceId } = actor;
  const thread = await ownThread(db, workspaceId, threadId);
  const remindAt = days === null ? null : new Date(clock.now.getTime() + days * clock.dayMs);
  await db.transaction(async (tx) => {
    await tx.update(inboxThreads).set({ remindAt, remindedAt: null }).where(eq(inboxThreads.id, threadId));
    await emit(tx, {
      type: 'inbox.reminder_set',
      workspaceId,
      actor,
      payload: { ...(await threadRef(tx, thread)), days, remindAt: iso(remindAt) },
    });
  });
  return iso(remindAt);
}
