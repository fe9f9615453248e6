import { and, desc, eq } from 'drizzle-orm';
import type { EmailAccountSummary } from '../../../shared/schemas/email-accounts';
import type { Database } from '../../db/client';
import { emailAccounts } from '../../db/schema/outreach';
import { iso } from '../../db/sql-helpers';
import { AppError } from '../../http/errors';

/** The user's mailboxes, newest first (spec §7), optionally only those in one status. */
export async function listEmailAccounts(
  db: Database,
  userId: string,
  status?: 'connected' | 'error',
): Promise<EmailAccountSummary[]> {
  const rows = await db
    .select({
      id: emailAccounts.id,
      email: emailAccounts.email,
      status: emailAccounts.status,
      createdAt: emailAccounts.createdAt,
    })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), status ? eq(emailAccounts.status, status) : undefined))
    .orderBy(desc(emailAccounts.createdAt));
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
}

/**
 * Checks that a mailbox exists and belongs to the user.
 * @throws AppError NOT_FOUND (404) otherwise, so another user's ids reveal nothing.
 */
export async function assertEmailAccountOwned(db: Database, userId: string, id: string): Promise<void> {
  const [row] = await db
    .select({ id: emailAccounts.id })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.id, id), eq(emailAccounts.userId, userId)));
  if (!row) throw AppError.notFound('Email account not found');
}
