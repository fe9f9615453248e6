import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { MailboxDomainCheck } from '../../../shared/schemas/domain-check';
import { domainCheckSchema, type DomainCheck } from '../../../shared/schemas/mail-health';
import type { Database } from '../../db/client';
import { emit } from '../../events/emit';
import { emailAccounts } from '../../db/schema/mailboxes';
import { forEachConcurrent } from '../../discovery/for-each-concurrent';
import { AppError } from '../../http/errors';
import type { MailDns } from './resolver';
import { checkSenderDomain, sendingProvider } from './sender-domain';

/** The daily job re-checks mailboxes whose last check is older than this (ms): 20 hours, so a daily run always finds them due. */
export const DOMAIN_RECHECK_AFTER_MS = 20 * 3_600_000;
/** Mailboxes checked at once by the daily job. */
const RECHECK_CONCURRENCY = 4;

const notFound = () => AppError.notFound('Email account not found');

/** The stored check, or null when there is none (or it predates the current shape). */
const storedCheck = (value: unknown): DomainCheck | null => domainCheckSchema.safeParse(value).data ?? null;

async function ownedMailbox(db: Database, workspaceId: string, id: string) {
  const [row] = await db
    .select({ selectors: emailAccounts.dkimSelectors, check: emailAccounts.domainCheck })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.id, id), eq(emailAccounts.workspaceId, workspaceId)));
  if (!row) throw notFound();
  return row;
}

/**
 * The user's mailbox's DKIM selectors and last stored sender-domain check.
 * @throws AppError NOT_FOUND for another user's (or no) mailbox.
 */
export async function getMailboxDomainCheck(
  db: Database,
  workspaceId: string,
  id: string,
): Promise<MailboxDomainCheck> {
  const row = await ownedMailbox(db, workspaceId, id);
  return { selectors: row.selectors, check: storedCheck(row.check) };
}

/**
 * Checks the mailbox's domain now (checkSenderDomain with its provider and selectors) and stores
 * the result on it (domain_check, domain_checked_at).
 * @throws AppError NOT_FOUND when the mailbox does not exist (or, with `workspaceId`, is another user's).
 */
export async function refreshMailboxDomainCheck(
  db: Database,
  dns: MailDns,
  id: string,
  now: Date,
  workspaceId?: string,
): Promise<DomainCheck> {
  const [mailbox] = await db
    .select({
      email: emailAccounts.email,
      provider: emailAccounts.provider,
      smtpHost: emailAccounts.smtpHost,
      selectors: emailAccounts.dkimSelectors,
    })
    .from(emailAccounts)
    .where(
      and(eq(emailAccounts.id, id), workspaceId ? eq(emailAccounts.workspaceId, workspaceId) : undefined),
    );
  if (!mailbox) throw notFound();
  const check = await checkSenderDomain(
    dns,
    { email: mailbox.email, provider: sendingProvider(mailbox), selectors: mailbox.selectors },
    now,
  );
  const [checked] = await db
    .update(emailAccounts)
    .set({ domainCheck: check, domainCheckedAt: now })
    .where(eq(emailAccounts.id, id))
    .returning({ workspaceId: emailAccounts.workspaceId });
  if (checked)
    await emit(db, { type: 'mailbox.changed', workspaceId: checked.workspaceId, payload: { mailboxId: id } });
  return check;
}

/**
 * Stores the DKIM selectors the user named for the mailbox (empty: try the common ones).
 * @throws AppError NOT_FOUND for another user's (or no) mailbox.
 */
export async function setDkimSelectors(
  db: Database,
  workspaceId: string,
  id: string,
  selectors: string[],
): Promise<MailboxDomainCheck> {
  const [row] = await db
    .update(emailAccounts)
    .set({ dkimSelectors: selectors })
    .where(and(eq(emailAccounts.id, id), eq(emailAccounts.workspaceId, workspaceId)))
    .returning({ selectors: emailAccounts.dkimSelectors, check: emailAccounts.domainCheck });
  if (!row) throw notFound();
  return { selectors: row.selectors, check: storedCheck(row.check) };
}

/**
 * Re-checks the domain of every mailbox not checked within DOMAIN_RECHECK_AFTER_MS (the daily job).
 * Returns how many were checked.
 */
export async function recheckDueMailboxDomains(db: Database, dns: MailDns, now: Date): Promise<number> {
  const due = await db
    .select({ id: emailAccounts.id })
    .from(emailAccounts)
    .where(
      or(
        isNull(emailAccounts.domainCheckedAt),
        lt(emailAccounts.domainCheckedAt, new Date(now.getTime() - DOMAIN_RECHECK_AFTER_MS)),
      ),
    );
  await forEachConcurrent(due, RECHECK_CONCURRENCY, async ({ id }) => {
    await refreshMailboxDomainCheck(db, dns, id, now).catch((error: unknown) => {
      // Deleted between the select and the check: nothing to store.
      if (!(error instanceof AppError)) throw error;
    });
  });
  return due.length;
}
