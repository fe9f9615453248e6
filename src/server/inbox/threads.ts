import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ReplyCategory } from '../../shared/schemas/reply-suggestions';
import type { Db } from '../db/client';
import { inboxLabels, inboxThreads } from '../db/schema/inbox';
import { emit } from '../events/emit';

/** One stored inbound message, as its conversation needs it. */
export interface InboundInThread {
  workspaceId: string;
  prospectId: string;
  emailAccountId: string;
  kind: 'reply' | 'auto_reply' | 'bounce' | 'unsubscribe' | 'challenge';
  receivedAt: Date;
}

/**
 * Files an inbound message in its prospect's conversation (docs/decisions/024-inbox.md): creates the
 * thread on the prospect's first message, else moves its times forward (a late-arriving older
 * message never moves them back) and points it at the mailbox of the newest message. A human reply
 * makes the thread need an answer and clears its reminder ("remind me if they don't answer").
 * Runs in the transaction that stores the message, so a thread never shows a message that was rolled back.
 */
export async function recordInThread(db: Db, message: InboundInThread): Promise<void> {
  const reply = message.kind === 'reply';
  const at = message.receivedAt;
  await db
    .insert(inboxThreads)
    .values({
      workspaceId: message.workspaceId,
      prospectId: message.prospectId,
      emailAccountId: message.emailAccountId,
      lastMessageAt: at,
      lastInboundAt: at,
      lastReplyAt: reply ? at : null,
      needsAnswer: reply,
    })
    .onConflictDoUpdate({
      target: inboxThreads.prospectId,
      set: {
        emailAccountId: sql`case when excluded.last_inbound_at >= ${inboxThreads.lastInboundAt} then excluded.email_account_id else ${inboxThreads.emailAccountId} end`,
        lastMessageAt: sql`greatest(${inboxThreads.lastMessageAt}, excluded.last_message_at)`,
        lastInboundAt: sql`greatest(${inboxThreads.lastInboundAt}, excluded.last_inbound_at)`,
        ...(reply
          ? {
              lastReplyAt: sql`greatest(${inboxThreads.lastReplyAt}, excluded.last_reply_at)`,
              needsAnswer: true,
              remindAt: null,
              remindedAt: null,
            }
          : {}),
        updatedAt: new Date(),
      },
    });
  await emit(db, {
    type: 'inbox.message_filed',
    workspaceId: message.workspaceId,
    payload: { prospectId: message.prospectId },
  });
}

/**
 * Labels a prospect's conversation with the workspace's label for the AI's reading of their reply
 * (the label whose category it is), when the conversation has no label yet: a member's choice is
 * never overwritten, and the prospect's status is left to the member (only labelling by hand moves it).
 */
export async function labelFromCategory(
  db: Db,
  workspaceId: string,
  prospectId: string,
  category: ReplyCategory,
): Promise<void> {
  const [label] = await db
    .select({ id: inboxLabels.id })
    .from(inboxLabels)
    .where(and(eq(inboxLabels.workspaceId, workspaceId), eq(inboxLabels.category, category)))
    .limit(1);
  if (!label) return;
  const labelled = await db
    .update(inboxThreads)
    .set({ labelId: label.id })
    .where(
      and(
        eq(inboxThreads.prospectId, prospectId),
        eq(inboxThreads.workspaceId, workspaceId),
        isNull(inboxThreads.labelId),
      ),
    )
    .returning({ id: inboxThreads.id });
  if (labelled.length > 0)
    await emit(db, { type: 'inbox.auto_labelled', workspaceId, payload: { prospectId, category } });
}
