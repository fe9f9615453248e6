import { and, eq } from 'drizzle-orm';
import { healthBreach, pauseReason } from '../../../shared/mailbox-health';
import { paths } from '../../../shared/paths';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { emit } from '../../events/emit';
import { notifications } from '../../db/schema/notifications';
import { emailAccounts } from '../../db/schema/mailboxes';
import { users } from '../../db/schema/users';
import { sendAlertMail } from '../../alert-mail';
import { mailboxHealth } from './stats';

/**
 * Re-reads a mailbox's health over its recent sends (stats.ts, shared/schemas/mail-health.ts
 * HEALTH_WINDOW) and, when a rate crosses its threshold over a large enough sample
 * (shared/mailbox-health.ts healthBreach), pauses it: status 'paused', source 'health', the reason in
 * the user's words, one 'mailbox-paused' notification and — with `config` and the app's SMTP set —
 * one alert email to its owner, and the `mailbox.paused` webhook event (docs/product.md#webhooks).
 * Only a 'connected' mailbox is paused, by a conditional update, so
 * concurrent calls and later bounces of a paused mailbox notify nobody again. Called after every
 * bounce, policy block or unsubscribe is applied to one of its messages; a mailbox that does not
 * exist is ignored (docs/decisions/014-mailbox-health.md).
 * @returns true when this call paused the mailbox.
 */
export async function evaluateMailboxHealth(
  db: Database,
  mailboxId: string,
  now: Date,
  config?: Config,
): Promise<boolean> {
  const [mailbox] = await db
    .select({
      workspaceId: emailAccounts.workspaceId,
      email: emailAccounts.email,
      status: emailAccounts.status,
      maxHardBouncePct: emailAccounts.maxHardBouncePct,
      maxPolicyBlockPct: emailAccounts.maxPolicyBlockPct,
      maxUnsubscribePct: emailAccounts.maxUnsubscribePct,
      owner: { email: users.email, emailVerified: users.emailVerified },
    })
    .from(emailAccounts)
    .leftJoin(users, eq(users.id, emailAccounts.connectedBy))
    .where(eq(emailAccounts.id, mailboxId));
  if (mailbox?.status !== 'connected') return false;
  const breach = healthBreach((await mailboxHealth(db, mailboxId, now)).health, mailbox);
  if (!breach) return false;

  const reason = pauseReason(breach);
  const paused = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailAccounts)
      .set({ status: 'paused', statusSource: 'health', statusReason: reason, updatedAt: now })
      .where(and(eq(emailAccounts.id, mailboxId), eq(emailAccounts.status, 'connected')))
      .returning({ id: emailAccounts.id });
    if (!row) return false;
    await tx.insert(notifications).values({
      workspaceId: mailbox.workspaceId,
      emailAccountId: mailboxId,
      kind: 'mailbox-paused',
      title: `Mailbox paused: ${mailbox.email}`,
      body: `${reason}. It sends nothing until you resume it on Email Accounts.`,
    });
    await emit(tx, {
      type: 'notification.created',
      workspaceId: mailbox.workspaceId,
      payload: { kind: 'mailbox-paused' },
    });
    await emit(tx, {
      type: 'mailbox.paused',
      workspaceId: mailbox.workspaceId,
      payload: { mailboxId, email: mailbox.email, reason, pausedBy: 'health' },
    });
    return true;
  });
  if (paused && config) {
    await sendAlertMail(config, 'mailbox-health', mailbox.owner, {
      subject: `LinkPilot: mailbox ${mailbox.email} paused`,
      text:
        `${reason}.\n\nLinkPilot stopped sending from ${mailbox.email} before its domain's reputation ` +
        `suffers. Check the addresses you enrolled and the recent bounces, then resume it:\n` +
        `${config.APP_URL}${paths.emails}\n`,
    });
  }
  return paused;
}
