import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { HEALTH_MIN_SENDS } from '../../../shared/mailbox-health';
import { mayChangeMailbox, workspaceMessages } from '../../../shared/roles';
import {
  mailboxMessages,
  type connectMailboxSchema,
  type Mailbox,
  type MailboxHealthReport,
  type mailboxSettingsSchema,
} from '../../../shared/schemas/mailboxes';
import { emit } from '../../events/emit';
import type { Actor } from '../../auth/workspaces';
import type { Database } from '../../db/client';
import { emailAccounts } from '../../db/schema/mailboxes';
import { outreachMessages } from '../../db/schema/outreach';
import { users } from '../../db/schema/users';
import { iso } from '../../db/sql-helpers';
import { AppError } from '../../http/errors';
import type { AddressPolicy } from '../../net/ssrf-guard';
import { MailboxConnectionError, verifyMailbox, type MailboxServers } from '../../mail/mailboxes/connection';
import { mailboxHealth } from '../../outreach/health/stats';
import { initialRampLimit } from '../../outreach/health/ramp';
import { privateMailHost } from '../../net/mail-host-guard';
import { admitLoginCheck, type LoginCheckLimits } from '../../mail/mailboxes/login-check-limit';
import { storedMailServers } from '../../mail/mailboxes/servers';
import { encryptSecret } from '../../secrets';

/** The connect form after parsing (ports and daily limit as numbers). */
type ConnectMailbox = z.output<typeof connectMailboxSchema>;

/** Start of the current UTC day: "sent today" counts from UTC midnight (docs/product.md#email-accounts-and-sequences: daily usage). */
function startOfUtcDay(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * The user's mailboxes, newest first (docs/product.md#api), optionally only those in one status,
 * with the messages each sent since UTC midnight and the member who connected each (null once they
 * left the install). Never returns secrets.
 */
export async function listEmailAccounts(
  db: Database,
  workspaceId: string,
  status?: 'connected' | 'error',
): Promise<Mailbox[]> {
  const sentToday = db
    .select({ emailAccountId: outreachMessages.emailAccountId, sent: count().as('sent') })
    .from(outreachMessages)
    .where(
      and(
        eq(outreachMessages.workspaceId, workspaceId),
        eq(outreachMessages.status, 'sent'),
        gte(outreachMessages.sentAt, startOfUtcDay()),
      ),
    )
    .groupBy(outreachMessages.emailAccountId)
    .as('sent_today');
  const rows = await db
    .select({
      id: emailAccounts.id,
      email: emailAccounts.email,
      provider: emailAccounts.provider,
      status: emailAccounts.status,
      statusReason: emailAccounts.statusReason,
      statusSource: emailAccounts.statusSource,
      lastSync: emailAccounts.lastSync,
      dailyLimit: emailAccounts.dailyLimit,
      rampLimit: emailAccounts.rampLimit,
      maxHardBouncePct: emailAccounts.maxHardBouncePct,
      maxPolicyBlockPct: emailAccounts.maxPolicyBlockPct,
      maxUnsubscribePct: emailAccounts.maxUnsubscribePct,
      minSpacingSeconds: emailAccounts.minSpacingSeconds,
      maxSpacingSeconds: emailAccounts.maxSpacingSeconds,
      createdAt: emailAccounts.createdAt,
      emailsSentToday: sql<number>`coalesce(${sentToday.sent}, 0)`.mapWith(Number),
      connectedById: users.id,
      connectedByName: users.name,
    })
    .from(emailAccounts)
    .leftJoin(sentToday, eq(sentToday.emailAccountId, emailAccounts.id))
    .leftJoin(users, eq(users.id, emailAccounts.connectedBy))
    .where(
      and(eq(emailAccounts.workspaceId, workspaceId), status ? eq(emailAccounts.status, status) : undefined),
    )
    .orderBy(desc(emailAccounts.createdAt));
  return rows.map(({ minSpacingSeconds, maxSpacingSeconds, connectedById, connectedByName, ...r }) => ({
    ...r,
    connectedBy:
      connectedById !== null && connectedByName !== null
        ? { id: connectedById, name: connectedByName }
        : null,
    minSpacingMinutes: minSpacingSeconds / 60,
    maxSpacingMinutes: maxSpacingSeconds / 60,
    lastSync: r.lastSync ? iso(r.lastSync) : null,
    createdAt: iso(r.createdAt),
  }));
}

async function assertNotConnected(db: Database, workspaceId: string, email: string): Promise<void> {
  const [row] = await db
    .select({ id: emailAccounts.id })
    .from(emailAccounts)
    .where(
      and(eq(emailAccounts.workspaceId, workspaceId), sql`lower(${emailAccounts.email}) = lower(${email})`),
    );
  if (row) throw new AppError('CONFLICT', mailboxMessages.alreadyConnected);
}

/** True for PostgreSQL's unique-violation error (23505), however the driver wraps it. */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

/** What a mailbox login check obeys: where it may connect (SSRF) and how often (login-check-limit.ts). */
export interface LoginCheckPolicy {
  addresses: AddressPolicy;
  limits: LoginCheckLimits;
}

/**
 * Counts the attempt against the user's and the servers' limits, checks that both hosts are reachable
 * under `policy.addresses` (no loopback or private network unless allow-listed: SSRF), then logs in
 * to the SMTP and the IMAP server.
 * @throws AppError RATE_LIMITED past a limit; VALIDATION_ERROR for a refused host, or with the
 *   server's reason when a login fails.
 */
async function checkLogins(
  db: Database,
  policy: LoginCheckPolicy,
  userId: string,
  servers: MailboxServers,
): Promise<void> {
  await admitLoginCheck(db, policy.limits, userId, servers);
  const refused = await privateMailHost(policy.addresses, servers);
  if (refused) throw new AppError('VALIDATION_ERROR', refused);
  try {
    await verifyMailbox(servers);
  } catch (error) {
    if (error instanceof MailboxConnectionError) throw new AppError('VALIDATION_ERROR', error.message);
    throw error;
  }
}

/**
 * Connects an SMTP/IMAP mailbox (docs/product.md#api): checks both logins under `policy` (`checkLogins`), then stores
 * the settings with the password encrypted under `credentialsKey`, warming up from `rampStart`
 * emails a day (MAILBOX_RAMP_START, outreach/health/ramp.ts).
 * @throws AppError VALIDATION_ERROR (400) for a refused host or with the server's reason when a login
 *   fails (nothing stored); CONFLICT (409) when the user already connected this address; RATE_LIMITED (429).
 */
export async function connectSmtpMailbox(
  db: Database,
  credentialsKey: Buffer,
  policy: LoginCheckPolicy,
  actor: Actor,
  input: ConnectMailbox,
  rampStart: number,
): Promise<Mailbox> {
  const { workspaceId } = actor;
  const { email, username, password, dailyLimit, ...servers } = input;
  await assertNotConnected(db, workspaceId, email);
  await checkLogins(db, policy, actor.userId, { ...servers, auth: { user: username, pass: password } });
  const id = await insertMailbox(db, actor, {
    workspaceId,
    connectedBy: actor.userId,
    email,
    provider: 'smtp',
    ...servers,
    username,
    secretEncrypted: encryptSecret(credentialsKey, password),
    dailyLimit,
    rampLimit: initialRampLimit(dailyLimit, rampStart),
    rampUpdatedAt: new Date(),
  });
  return mailboxById(db, workspaceId, id);
}

async function insertMailbox(
  db: Database,
  actor: Actor,
  values: typeof emailAccounts.$inferInsert,
): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(emailAccounts).values(values).returning({ id: emailAccounts.id });
      await emit(tx, {
        type: 'mailbox.connected',
        workspaceId: actor.workspaceId,
        actor,
        payload: { mailboxId: row!.id, email: values.email },
      });
      return row!.id;
    });
  } catch (error) {
    // Two connects of the same address at once: the unique constraint decides.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', mailboxMessages.alreadyConnected);
    throw error;
  }
}

/**
 * Saves a mailbox's daily limit, spacing and the health thresholds given; with a new password (SMTP/IMAP only) both logins are
 * checked first, then the password is stored encrypted and the mailbox is connected again.
 * Only the member who connected it or Full Access may (docs/product.md#roles).
 * @throws AppError NOT_FOUND (404) when the mailbox is not the workspace's; FORBIDDEN (403) for
 *   another member's mailbox; VALIDATION_ERROR (400) for a password on a Gmail or Microsoft mailbox
 *   or a refused login (nothing is changed then); RATE_LIMITED (429).
 */
export async function updateMailboxSettings(
  db: Database,
  credentialsKey: Buffer,
  policy: LoginCheckPolicy,
  actor: Actor,
  id: string,
  input: z.output<typeof mailboxSettingsSchema>,
): Promise<Mailbox> {
  const { workspaceId } = actor;
  const [row] = await db
    .select()
    .from(emailAccounts)
    .where(and(eq(emailAccounts.id, id), eq(emailAccounts.workspaceId, workspaceId)));
  if (!row) throw AppError.notFound('Email account not found');
  assertMayChangeMailbox(actor, row.connectedBy);
  let reconnected: Partial<typeof emailAccounts.$inferInsert> = {};
  if (input.password !== undefined) {
    if (row.provider !== 'smtp')
      throw new AppError(
        'VALIDATION_ERROR',
        row.provider === 'gmail' ? mailboxMessages.gmailPassword : mailboxMessages.microsoftPassword,
      );
    const { username, ...servers } = storedMailServers(row);
    await checkLogins(db, policy, actor.userId, {
      ...servers,
      auth: { user: username, pass: input.password },
    });
    reconnected = {
      secretEncrypted: encryptSecret(credentialsKey, input.password),
      // A paused mailbox stays paused: a new password fixes logins, not its bounce rates.
      ...(row.status === 'error' ? { status: 'connected', statusReason: null, statusSource: null } : {}),
    };
  }
  await db
    .update(emailAccounts)
    .set({
      dailyLimit: input.dailyLimit,
      minSpacingSeconds: input.minSpacingMinutes * 60,
      maxSpacingSeconds: input.maxSpacingMinutes * 60,
      maxHardBouncePct: input.maxHardBouncePct,
      maxPolicyBlockPct: input.maxPolicyBlockPct,
      maxUnsubscribePct: input.maxUnsubscribePct,
      ...reconnected,
      updatedAt: new Date(),
    })
    .where(and(eq(emailAccounts.id, id), eq(emailAccounts.workspaceId, workspaceId)));
  return mailboxById(db, workspaceId, id);
}

async function mailboxById(db: Database, workspaceId: string, id: string): Promise<Mailbox> {
  const mailbox = (await listEmailAccounts(db, workspaceId)).find((m) => m.id === id);
  if (!mailbox) throw AppError.notFound('Email account not found');
  return mailbox;
}

/**
 * A member changes or disconnects only a mailbox they connected; Full Access any of the workspace's.
 * @throws AppError FORBIDDEN (403) with the rule's sentence.
 */
function assertMayChangeMailbox(actor: Actor, connectedBy: string | null): void {
  if (!mayChangeMailbox(actor.role, actor.userId, connectedBy)) {
    throw AppError.forbidden(workspaceMessages.changeMailbox);
  }
}

/**
 * `assertMayChangeMailbox` for a mailbox known by its id, for settings kept outside this module
 * (the DKIM selectors of the domain check).
 * @throws AppError NOT_FOUND (404) when the mailbox is not the workspace's; FORBIDDEN (403) for another member's.
 */
export async function assertMayChangeMailboxById(db: Database, actor: Actor, id: string): Promise<void> {
  const [row] = await db
    .select({ connectedBy: emailAccounts.connectedBy })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.id, id), eq(emailAccounts.workspaceId, actor.workspaceId)));
  if (!row) throw AppError.notFound('Email account not found');
  assertMayChangeMailbox(actor, row.connectedBy);
}

/**
 * Disconnects a mailbox: cancels its queued and flagged messages (they could never be sent), then
 * deletes the row and with it the encrypted secret. Only the member who connected it or Full Access may.
 * @throws AppError NOT_FOUND (404) when the mailbox is not the workspace's; FORBIDDEN (403) for another member's.
 */
export async function deleteEmailAccount(db: Database, actor: Actor, id: string): Promise<void> {
  const { workspaceId } = actor;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: emailAccounts.id, email: emailAccounts.email, connectedBy: emailAccounts.connectedBy })
      .from(emailAccounts)
      .where(and(eq(emailAccounts.id, id), eq(emailAccounts.workspaceId, workspaceId)))
      .for('update');
    if (!row) throw AppError.notFound('Email account not found');
    assertMayChangeMailbox(actor, row.connectedBy);
    await tx
      .update(outreachMessages)
      .set({ status: 'cancelled' })
      .where(
        and(
          eq(outreachMessages.workspaceId, workspaceId),
          eq(outreachMessages.emailAccountId, id),
          inArray(outreachMessages.status, ['queued', 'flagged']),
        ),
      );
    await tx
      .delete(emailAccounts)
      .where(and(eq(emailAccounts.id, id), eq(emailAccounts.workspaceId, workspaceId)));
    await emit(tx, {
      type: 'mailbox.disconnected',
      workspaceId,
      actor,
      payload: { mailboxId: id, email: row.email },
    });
  });
}

/**
 * Checks that a mailbox exists and belongs to the user.
 * @throws AppError NOT_FOUND (404) otherwise, so another user's ids reveal nothing.
 */
export async function assertEmailAccountOwned(db: Database, workspaceId: string, id: string): Promise<void> {
  const [row] = await db
    .select({ id: emailAccounts.id })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.id, id), eq(emailAccounts.workspaceId, workspaceId)));
  if (!row) throw AppError.notFound('Email account not found');
}

/** A hand-made change of a mailbox's status: the status it must be in, the columns it sets, the event it emits. */
interface StatusChange {
  from: Mailbox['status'];
  set: PgUpdateSetSource<typeof emailAccounts>;
  event: 'mailbox.paused' | 'mailbox.resumed';
  /** The 409 message when the mailbox is not in `from`. */
  notInFrom: string;
}

/**
 * Moves the user's mailbox out of status `change.from` (setting `change.set` and updated_at = `now`)
 * and emits its event in the same transaction; a concurrent change wins the race cleanly, as the
 * status is checked in the update itself.
 * @returns the mailbox as the list shows it.
 * @throws AppError NOT_FOUND (404) when the mailbox is not the user's; CONFLICT (409, `change.notInFrom`)
 * when it is not in `change.from`.
 */
async function changeMailboxStatus(
  db: Database,
  actor: Pick<Actor, 'workspaceId' | 'userId'>,
  id: string,
  now: Date,
  change: StatusChange,
): Promise<Mailbox> {
  const { workspaceId } = actor;
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(emailAccounts)
      .set({ ...change.set, updatedAt: now })
      .where(
        and(
          eq(emailAccounts.id, id),
          eq(emailAccounts.workspaceId, workspaceId),
          eq(emailAccounts.status, change.from),
        ),
      )
      .returning({ email: emailAccounts.email });
    if (updated)
      await emit(
        tx,
        change.event === 'mailbox.paused'
          ? {
              type: change.event,
              workspaceId,
              actor,
              payload: {
                mailboxId: id,
                email: updated.email,
                reason: mailboxMessages.pausedByUser,
                pausedBy: 'member',
              },
            }
          : { type: change.event, workspaceId, actor, payload: { mailboxId: id, email: updated.email } },
      );
    return updated;
  });
  if (!row) {
    await assertEmailAccountOwned(db, workspaceId, id);
    throw new AppError('CONFLICT', change.notInFrom);
  }
  return mailboxById(db, workspaceId, id);
}

/**
 * Resumes a paused mailbox: 'connected' again, and when its health had paused it, its health counts
 * only sends from `now` on (health_since), so the bounces that paused it cannot pause it again at once.
 * @throws AppError NOT_FOUND (404) when the mailbox is not the user's; CONFLICT (409) when it is not paused.
 */
export function resumeMailbox(
  db: Database,
  actor: Pick<Actor, 'workspaceId' | 'userId'>,
  id: string,
  now: Date,
): Promise<Mailbox> {
  return changeMailboxStatus(db, actor, id, now, {
    from: 'paused',
    set: {
      status: 'connected',
      statusReason: null,
      statusSource: null,
      healthSince: sql`case when ${emailAccounts.statusSource} = 'health' then ${now.toISOString()}::timestamptz else ${emailAccounts.healthSince} end`,
    },
    event: 'mailbox.resumed',
    notInFrom: mailboxMessages.notPaused,
  });
}

/**
 * Pauses a connected mailbox by hand (source 'user'): it sends nothing until resumed; its replies
 * and bounces are still read.
 * @throws AppError NOT_FOUND (404) when the mailbox is not the user's; CONFLICT (409) when it is not connected.
 */
export function pauseMailbox(
  db: Database,
  actor: Pick<Actor, 'workspaceId' | 'userId'>,
  id: string,
  now: Date,
): Promise<Mailbox> {
  return changeMailboxStatus(db, actor, id, now, {
    from: 'connected',
    set: { status: 'paused', statusSource: 'user', statusReason: mailboxMessages.pausedByUser },
    event: 'mailbox.paused',
    notInFrom: mailboxMessages.notConnected,
  });
}

/**
 * A mailbox's health figures over its window (outreach/health/stats.ts), as the health panel shows them.
 * @throws AppError NOT_FOUND (404) when the mailbox is not the user's.
 */
export async function mailboxHealthReport(
  db: Database,
  workspaceId: string,
  id: string,
  now: Date,
): Promise<MailboxHealthReport> {
  await assertEmailAccountOwned(db, workspaceId, id);
  const { health, since } = await mailboxHealth(db, id, now);
  return { health, since: iso(since), minimumSends: HEALTH_MIN_SENDS };
}
