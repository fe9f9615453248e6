import { and, eq, lte, sql, TransactionRollbackError } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { emailAccounts } from '../../db/schema/mailboxes';
import { outreachMessages } from '../../db/schema/outreach';
import { domainOf } from './queue-steps';
import { isInWindow, spacingMs, startOfLocalDay } from './window';

const HOUR_MS = 3_600_000;

interface Candidate {
  id: string;
  workspace_id: string;
  email_account_id: string;
  to_email: string;
  daily_limit: number;
  min_spacing_seconds: number;
  max_spacing_seconds: number;
  time_zone: string;
  send_window_days: number[];
  send_window_start_hour: number;
  send_window_end_hour: number;
}

/**
 * Picks the messages that may go out now and marks them 'sending' (docs/decisions/009-outreach-sending.md): at most one per
 * mailbox per call, only when the mailbox's spacing has elapsed, inside its owner's sending window,
 * under its effective daily limit (the warm-up ramp limit while it runs; counted from local midnight), and never to a domain that already has a
 * message on its way. Each claim is one transaction of two conditional updates, so concurrent
 * workers cannot claim the same message or the same mailbox slot. The spacing is scaled by
 * `hourMs` / one real hour (OUTREACH_HOUR_MS: test installs run the outreach clock faster).
 * @returns ids of the claimed messages.
 */
export async function claimSendable(
  db: Database,
  now: Date,
  random: () => number = Math.random,
  hourMs: number = HOUR_MS,
): Promise<string[]> {
  const candidates = await queryRows<Candidate>(
    db,
    // The effective limit: the warm-up ramp while it runs, never above the user's own limit.
    sql`select m.id, m.workspace_id, m.email_account_id, m.to_email,
          least(a.daily_limit, coalesce(a.ramp_limit, a.daily_limit)) as daily_limit, a.min_spacing_seconds, a.max_spacing_seconds,
          w.time_zone, w.send_window_days, w.send_window_start_hour, w.send_window_end_hour
        from outreach_messages m
        join email_accounts a on a.id = m.email_account_id
        join campaigns c on c.id = m.campaign_id
        join enrollments e on e.id = m.enrollment_id
        join workspaces w on w.id = m.workspace_id
        where m.status = 'queued' and m.not_before <= ${now.toISOString()}
          and a.status = 'connected' and a.next_send_at <= ${now.toISOString()}
          and c.status = 'active' and e.status = 'active'
        order by m.not_before, m.created_at
        limit 1000`,
  );
  const busy = new Set(
    (
      await queryRows<{ workspace_id: string; to_email: string }>(
        db,
        sql`select workspace_id, to_email from outreach_messages where status = 'sending'`,
      )
    ).map((r) => `${r.workspace_id}:${domainOf(r.to_email)}`),
  );

  const byMailbox = new Map<string, Candidate[]>();
  for (const c of candidates)
    byMailbox.set(c.email_account_id, [...(byMailbox.get(c.email_account_id) ?? []), c]);
  const claimed: string[] = [];
  for (const [mailboxId, messages] of byMailbox) {
    const first = messages[0]!;
    const window = {
      timeZone: first.time_zone,
      days: first.send_window_days,
      startHour: first.send_window_start_hour,
      endHour: first.send_window_end_hour,
    };
    if (!isInWindow(window, now)) continue;
    if ((await sentToday(db, mailboxId, startOfLocalDay(now, window.timeZone))) >= first.daily_limit)
      continue;
    const pick = messages.find((m) => !busy.has(`${m.workspace_id}:${domainOf(m.to_email)}`));
    if (!pick) continue;

    const scale = hourMs / HOUR_MS;
    const pause = spacingMs(
      first.min_spacing_seconds * 1000 * scale,
      first.max_spacing_seconds * 1000 * scale,
      random,
    );
    const won = await db
      .transaction(async (tx) => {
        const [message] = await tx
          .update(outreachMessages)
          .set({ status: 'sending', claimedAt: now, attempts: sql`${outreachMessages.attempts} + 1` })
          .where(and(eq(outreachMessages.id, pick.id), eq(outreachMessages.status, 'queued')))
          .returning({ id: outreachMessages.id });
        const [slot] = await tx
          .update(emailAccounts)
          .set({ nextSendAt: new Date(now.getTime() + pause) })
          .where(and(eq(emailAccounts.id, mailboxId), lte(emailAccounts.nextSendAt, now)))
          .returning({ id: emailAccounts.id });
        // Lost a race with another worker for the message or the mailbox slot: undo both.
        if (!message || !slot) tx.rollback();
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof TransactionRollbackError) return false;
        throw error;
      });
    if (won) {
      claimed.push(pick.id);
      busy.add(`${pick.workspace_id}:${domainOf(pick.to_email)}`);
    }
  }
  return claimed;
}

/** Messages of a mailbox sent (or on their way) since `since`: what counts against its daily limit. */
async function sentToday(db: Database, mailboxId: string, since: Date): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from outreach_messages
        where email_account_id = ${mailboxId} and status in ('sent', 'sending')
          and coalesce(sent_at, claimed_at) >= ${since.toISOString()}`,
  );
  return row?.n ?? 0;
}
