import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { bumpCampaignCounters } from '../../campaigns/counters';
import { emailAccounts } from '../../db/schema/mailboxes';
import { outreachMessages, trackingEvents } from '../../db/schema/outreach';
import { emit } from '../../events/emit';
import { prospectRef } from '../../events/prospect-ref';
import { sentMessageRef } from '../../events/sent-message-ref';
import { evaluateMailboxHealth } from '../health/evaluate';
import { suppressAddress } from '../suppression';
import { isAutomatedHit } from './scanners';

/** Who fetched a tracking URL. */
export interface Visitor {
  userAgent: string | undefined;
  ipAddress: string;
}

/** What a first open or first click stamps on the message and counts on the campaign. */
const firsts = {
  open: {
    stamp: outreachMessages.openedAt,
    set: 'openedAt',
    count: 'emailsOpened',
  },
  click: {
    stamp: outreachMessages.clickedAt,
    set: 'clickedAt',
    count: 'emailsClicked',
  },
} as const;

/**
 * Stamps the first open or click on a message and bumps the campaign counter in one transaction,
 * so each message counts at most once however often it is opened or clicked (docs/decisions/009-outreach-sending.md).
 */
async function countOnce(
  db: Database,
  message: { id: string; campaignId: string },
  kind: keyof typeof firsts,
  now: Date,
) {
  const { stamp, set, count } = firsts[kind];
  await db.transaction(async (tx) => {
    const [first] = await tx
      .update(outreachMessages)
      .set({ [set]: now })
      .where(and(eq(outreachMessages.id, message.id), isNull(stamp)))
      .returning({ id: outreachMessages.id });
    if (first) await bumpCampaignCounters(tx, message.campaignId, { [count]: 1 });
  });
}

/**
 * Records an open or a click of a sent message. Every hit is stored; hits that look automated
 * (image proxies, link scanners, see scanners.ts) are flagged and do not move the counters. A
 * human click also counts as an open: images are often blocked while links still get clicked.
 * @returns false when the message does not exist or was never sent.
 */
export async function recordHit(
  db: Database,
  messageId: string,
  type: 'open' | 'click',
  visitor: Visitor,
  now: Date,
  url?: string,
): Promise<boolean> {
  const [message] = await db
    .select({
      id: outreachMessages.id,
      campaignId: outreachMessages.campaignId,
      sentAt: outreachMessages.sentAt,
    })
    .from(outreachMessages)
    .where(eq(outreachMessages.id, messageId));
  if (!message?.sentAt) return false;
  const automated = isAutomatedHit({
    userAgent: visitor.userAgent,
    sinceSendMs: now.getTime() - message.sentAt.getTime(),
  });
  await db.insert(trackingEvents).values({
    messageId,
    type,
    url: url ?? null,
    ipAddress: visitor.ipAddress,
    userAgent: visitor.userAgent?.slice(0, 500) ?? null,
    automated,
  });
  if (automated) return true;
  await countOnce(db, message, 'open', now);
  if (type === 'click') await countOnce(db, message, 'click', now);
  return true;
}

/**
 * Unsubscribes the recipient of a message from its sender (docs/decisions/009-outreach-sending.md): the address joins the
 * user's suppression list, every enrollment of that user with that address stops, and messages
 * still waiting are cancelled; then the sending mailbox's health is judged again, as after an
 * unsubscribe request by mail (health/evaluate.ts; `config` for its alert email). Idempotent: the
 * `unsubscribe.received` webhook event (docs/product.md#webhooks) goes out when the address is new
 * to the list.
 * @returns the address, or null when the message does not exist.
 */
export async function unsubscribe(db: Database, messageId: string, config?: Config): Promise<string | null> {
  const [message] = await db
    .select({
      workspaceId: outreachMessages.workspaceId,
      toEmail: outreachMessages.toEmail,
      emailAccountId: outreachMessages.emailAccountId,
      prospectId: outreachMessages.prospectId,
    })
    .from(outreachMessages)
    .where(eq(outreachMessages.id, messageId));
  if (!message) return null;
  const email = message.toEmail.toLowerCase();
  await db.transaction(async (tx) => {
    if (!(await suppressAddress(tx, message.workspaceId, email, 'unsubscribe', 'Unsubscribed'))) return;
    await emit(tx, {
      type: 'unsubscribe.received',
      workspaceId: message.workspaceId,
      payload: async () => {
        const ref = await prospectRef(tx, message.prospectId);
        const [mailbox] = message.emailAccountId
          ? await tx
              .select({ email: emailAccounts.email })
              .from(emailAccounts)
              .where(eq(emailAccounts.id, message.emailAccountId))
          : [];
        return (
          ref && {
            ...ref,
            ...(await sentMessageRef(tx, messageId)),
            via: 'link' as const,
            inboundMessageId: null,
            mailboxId: message.emailAccountId,
            mailboxEmail: mailbox?.email ?? null,
            receivedAt: new Date().toISOString(),
          }
        );
      },
    });
  });
  if (message.emailAccountId) await evaluateMailboxHealth(db, message.emailAccountId, new Date(), config);
  return email;
}
