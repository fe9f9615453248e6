import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { inboxMessages, type AnswerDraft, type AnswerInput } from '../../../shared/schemas/inbox';
import { messagePlaceholderValues, renderPlaceholders } from '../../../shared/placeholders';
import { withoutNul } from '../../../shared/text/without-nul';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { inboxAnswers, inboxReads, inboxThreads } from '../../db/schema/inbox';
import { emailAccounts } from '../../db/schema/mailboxes';
import { enrollments, inboundMessages, outreachMessages } from '../../db/schema/outreach';
import { prospects } from '../../db/schema/prospects';
import { users } from '../../db/schema/users';
import { iso } from '../../db/sql-helpers';
import type { Actor } from '../../auth/workspaces';
import { emit } from '../../events/emit';
import { AppError } from '../../http/errors';
import { AnswerNotSentError, sendAnswer } from '../../inbox/send-answer';
import type { OutreachKeys } from '../../keys';
import { changeProspect } from '../../outreach/prospect-changes';
import { lockAnswer } from '../../inbox/answer-lock';
import { ownThread } from './conversation-service';

/**
 * Saves member `userId`'s draft answer on a thread (autosave): one draft per member and thread,
 * replaced on each save; refused while their answer is being sent.
 * @throws AppError NOT_FOUND for a thread outside the workspace, CONFLICT while it is being sent.
 */
export async function saveDraft(
  db: Database,
  actor: { userId: string; workspaceId: string },
  threadId: string,
  input: AnswerInput,
): Promise<AnswerDraft> {
  await ownThread(db, actor.workspaceId, threadId);
  const values = { subject: withoutNul(input.subject), body: withoutNul(input.body) };
  const row = await db.transaction(async (tx) => {
    await lockAnswer(tx, threadId, actor.userId);
    const [sending] = await tx
      .select({ id: inboxAnswers.id })
      .from(inboxAnswers)
      .where(
        and(
          eq(inboxAnswers.threadId, threadId),
          eq(inboxAnswers.authorId, actor.userId),
          eq(inboxAnswers.status, 'sending'),
        ),
      );
    if (sending) throw new AppError('CONFLICT', inboxMessages.alreadySending);
    const [saved] = await tx
      .insert(inboxAnswers)
      .values({
        workspaceId: actor.workspaceId,
        threadId,
        authorId: actor.userId,
        status: 'draft',
        ...values,
      })
      .onConflictDoUpdate({
        target: [inboxAnswers.threadId, inboxAnswers.authorId],
        targetWhere: sql`${inboxAnswers.status} = 'draft'`,
        set: { ...values, updatedAt: new Date() },
      })
      .returning();
    return saved;
  });
  return {
    subject: row!.subject,
    body: row!.body,
    updatedAt: iso(row!.updatedAt),
    lastError: row!.lastError,
  };
}

/** The Message-IDs an answer threads on: their latest message's, after its own References. */
async function threading(db: Database, prospectId: string) {
  const [theirs] = await db
    .select({ messageId: inboundMessages.messageId, references: inboundMessages.references })
    .from(inboundMessages)
    .where(and(eq(inboundMessages.prospectId, prospectId), isNotNull(inboundMessages.messageId)))
    .orderBy(desc(sql`${inboundMessages.kind} = 'reply'`), desc(inboundMessages.receivedAt))
    .limit(1);
  if (theirs?.messageId)
    return {
      inReplyTo: theirs.messageId,
      references: [...theirs.references.filter((r) => r !== theirs.messageId), theirs.messageId].slice(-20),
    };
  const ours = await db
    .select({ messageId: outreachMessages.messageId })
    .from(outreachMessages)
    .where(and(eq(outreachMessages.prospectId, prospectId), eq(outreachMessages.status, 'sent')))
    .orderBy(outreachMessages.stepNumber);
  const ids = ours.map((m) => m.messageId);
  return { inReplyTo: ids.at(-1) ?? null, references: ids };
}

/**
 * Sends member `userId`'s answer on a thread from the conversation's mailbox
 * (docs/product.md#inbox, docs/decisions/024-inbox.md). The text is first kept as the draft, so a
 * refusal loses nothing; placeholders are filled as in sequence steps, custom fields included
 * ([Your Name] is the member's name); the draft is claimed ('sending') so a second click cannot send it twice. Once
 * sent: the answer is on the conversation and the prospect's timeline (its last contact is now),
 * the thread no longer needs an answer and is read by the member, and the prospect's sequence stays
 * stopped (stopped now if it was still running).
 * @throws AppError NOT_FOUND (thread), VALIDATION_ERROR (empty body, a placeholder without value),
 *   CONFLICT (no mailbox, mailbox paused or unable to send, no contact address, a send in progress,
 *   or the server refused it — the message says which; the draft is kept with the reason).
 */
export async function sendThreadAnswer(
  db: Database,
  deps: { keys: OutreachKeys; config: Config },
  actor: Pick<Actor, 'userId' | 'workspaceId' | 'apiKeyId'>,
  threadId: string,
  input: AnswerInput,
): Promise<void> {
  if (!input.body.trim()) throw AppError.invalidField('body', inboxMessages.emptyBody);
  const thread = await ownThread(db, actor.workspaceId, threadId);
  await saveDraft(db, actor, threadId, input);
  const [context] = await db
    .select({
      website: prospects.website,
      campaignId: prospects.campaignId,
      contactName: prospects.contactName,
      contactEmail: prospects.contactEmail,
      customFields: prospects.customFields,
      campaignWebsite: campaigns.websiteUrl,
      author: users.name,
    })
    .from(prospects)
    .innerJoin(campaigns, eq(campaigns.id, prospects.campaignId))
    .innerJoin(users, eq(users.id, actor.userId))
    .where(eq(prospects.id, thread.prospectId));
  if (!context) throw AppError.notFound();
  const refuse = (message: string) => new AppError('CONFLICT', message);
  const [mailbox] = thread.emailAccountId
    ? await db.select().from(emailAccounts).where(eq(emailAccounts.id, thread.emailAccountId))
    : [];
  if (!mailbox) throw refuse(inboxMessages.mailboxGone);
  if (mailbox.status === 'paused') throw refuse(inboxMessages.mailboxPaused);
  if (mailbox.status === 'error' && mailbox.statusSource === 'smtp') throw refuse(inboxMessages.mailboxError);
  if (!context.contactEmail) throw refuse(inboxMessages.noContact);

  const values = messagePlaceholderValues(context, {
    yourName: context.author,
    campaignWebsite: context.campaignWebsite,
  });
  const subject = renderPlaceholders(input.subject.trim() || 'Re:', values);
  const body = renderPlaceholders(input.body, values);
  const missing = [...new Set([...subject.missing, ...body.missing])];
  if (missing.length > 0) throw AppError.invalidField('body', inboxMessages.missingPlaceholders(missing));

  const [claimed] = await db.transaction(async (tx) => {
    await lockAnswer(tx, threadId, actor.userId);
    return tx
      .update(inboxAnswers)
      .set({ status: 'sending', lastError: null })
      .where(
        and(
          eq(inboxAnswers.threadId, threadId),
          eq(inboxAnswers.authorId, actor.userId),
          eq(inboxAnswers.status, 'draft'),
        ),
      )
      .returning({ id: inboxAnswers.id });
  });
  if (!claimed) throw refuse(inboxMessages.alreadySending);

  let sent;
  try {
    sent = await sendAnswer(db, deps, mailbox, {
      from: { name: context.author, email: mailbox.email },
      to: context.contactEmail,
      subject: subject.text,
      body: body.text,
      ...(await threading(db, thread.prospectId)),
    });
  } catch (error) {
    const reason = error instanceof AnswerNotSentError ? error.message : inboxMessages.sendFailed;
    await db
      .update(inboxAnswers)
      .set({ status: 'draft', lastError: reason })
      .where(eq(inboxAnswers.id, claimed.id));
    if (error instanceof AnswerNotSentError) throw refuse(reason);
    throw error;
  }

  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(inboxAnswers)
      .set({
        status: 'sent',
        subject: subject.text,
        body: body.text,
        toEmail: context.contactEmail,
        emailAccountId: mailbox.id,
        messageId: sent.messageId,
        sentCopyError: sent.sentCopyError,
        sentAt: now,
      })
      .where(eq(inboxAnswers.id, claimed.id));
    await tx
      .update(inboxThreads)
      .set({
        needsAnswer: false,
        lastMessageAt: sql`greatest(${inboxThreads.lastMessageAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(inboxThreads.id, threadId));
    await tx
      .insert(inboxReads)
      .values({ threadId, userId: actor.userId, readAt: now })
      .onConflictDoUpdate({ target: [inboxReads.threadId, inboxReads.userId], set: { readAt: now } });
    await tx
      .update(enrollments)
      .set({ status: 'stopped', stopReason: 'Answered from the inbox', nextStepAt: null })
      .where(
        and(eq(enrollments.prospectId, thread.prospectId), inArray(enrollments.status, ['active', 'paused'])),
      );
    await changeProspect(tx, eq(prospects.id, thread.prospectId), {
      lastContacted: now,
      contactedAt: now,
      reason: 'Answered from the inbox',
    });
    await emit(tx, {
      type: 'inbox.answered',
      workspaceId: actor.workspaceId,
      actor,
      payload: {
        threadId,
        prospectId: thread.prospectId,
        campaignId: context.campaignId,
        website: context.website,
        to: context.contactEmail!,
        subject: subject.text,
      },
    });
  });
}
