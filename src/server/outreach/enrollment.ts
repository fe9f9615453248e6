import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { emailCheckSchema, type EmailCheck } from '../../shared/schemas/mail-health';
import {
  outreachMessages as m,
  type EnrollmentPreview,
  type EnrollmentResult,
} from '../../shared/schemas/outreach';
import type { Actor } from '../auth/workspaces';
import { findOwnedCampaign } from '../campaigns/find';
import { moveCampaignStatus } from '../campaigns/status';
import { queryRows, type Database, type Db } from '../db/client';
import { campaignEmailAccounts } from '../db/schema/campaigns';
import { emailAccounts } from '../db/schema/mailboxes';
import { prospects } from '../db/schema/prospects';
import { enrollments, suppressions } from '../db/schema/outreach';
import { emailSequenceSteps } from '../db/schema/sequences';
import { emit } from '../events/emit';
import { AppError } from '../http/errors';
import type { AddressChecker } from './dns/address-check';
import { domainsBlockedForContact, prospectDomain } from './domain-memory';

/**
 * The mailboxes new enrollments are handed out over, in rotation order: the connected ones, or all
 * of them when none is connected (`disconnected`: the emails then wait for a reconnect).
 */
export async function campaignMailboxRotation(
  db: Database,
  campaignId: string,
): Promise<{ mailboxes: string[]; disconnected: boolean }> {
  const rows = await db
    .select({ id: campaignEmailAccounts.emailAccountId, status: emailAccounts.status })
    .from(campaignEmailAccounts)
    .innerJoin(emailAccounts, eq(emailAccounts.id, campaignEmailAccounts.emailAccountId))
    .where(eq(campaignEmailAccounts.campaignId, campaignId))
    .orderBy(asc(campaignEmailAccounts.position));
  const connected = rows.filter((r) => r.status === 'connected').map((r) => r.id);
  return connected.length > 0 || rows.length === 0
    ? { mailboxes: connected, disconnected: false }
    : { mailboxes: rows.map((r) => r.id), disconnected: true };
}

/** Enrollments inserted per statement: well under PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 1000;

/**
 * The one rule for who may be enrolled (docs/decisions/009-outreach-sending.md), as a condition on `prospects`: the user's
 * pending prospects with an email address, not on the user's suppression list, not enrolled yet.
 * Every enrollment path filters with it (and then with the domain memory, see enrollableProspects).
 */
export function eligibleForEnrollment(workspaceId: string): SQL {
  return and(
    eq(prospects.workspaceId, workspaceId),
    eq(prospects.status, 'pending'),
    sql`nullif(trim(${prospects.contactEmail}), '') is not null`,
    sql`not exists (select 1 from ${suppressions} where ${suppressions.workspaceId} = ${prospects.workspaceId}
          and ${suppressions.email} = lower(trim(${prospects.contactEmail})))`,
    sql`not exists (select 1 from ${enrollments} where ${enrollments.prospectId} = ${prospects.id})`,
  )!;
}

/**
 * The campaign's prospects that may be enrolled now: eligibleForEnrollment, minus those whose
 * domain the domain memory blocks (do-not-contact, or contacted by another campaign within
 * limits.recontactDays — docs/decisions/011-replies-history-and-domain-memory.md). Newest first, the order enrollment hands out mailboxes in.
 */
async function enrollableProspects(
  db: Db,
  workspaceId: string,
  campaignId: string,
  now: Date,
  prospectId?: string,
): Promise<{ id: string; email: string; verdict: string | null }[]> {
  const rows = await db
    .select({
      id: prospects.id,
      domain: prospects.domain,
      website: prospects.website,
      email: sql<string>`trim(${prospects.contactEmail})`,
      verdict: sql<string | null>`${prospects.emailVerification}->>'verdict'`,
    })
    .from(prospects)
    .where(
      and(
        eq(prospects.campaignId, campaignId),
        eligibleForEnrollment(workspaceId),
        prospectId ? eq(prospects.id, prospectId) : undefined,
      ),
    )
    .orderBy(desc(prospects.createdAt), desc(prospects.id));
  const blocked = await domainsBlockedForContact(db, workspaceId, rows.map(prospectDomain), now, {
    campaignId,
  });
  return rows.filter((p) => !blocked.has(prospectDomain(p)));
}

/** How many of `prospectIds` have an enrollment. */
async function enrolledAmong(db: Pick<Database, 'select'>, prospectIds: string[]): Promise<number> {
  let total = 0;
  for (let i = 0; i < prospectIds.length; i += INSERT_CHUNK) {
    const [row] = await db
      .select({ n: count() })
      .from(enrollments)
      .where(inArray(enrollments.prospectId, prospectIds.slice(i, i + INSERT_CHUNK)));
    total += row?.n ?? 0;
  }
  return total;
}

type CampaignRow = Awaited<ReturnType<typeof findOwnedCampaign>>;

/**
 * Why the campaign cannot send yet (no mailbox, no sequence, …), or null when it can; with the
 * mailboxes to rotate new enrollments over (see campaignMailboxRotation).
 */
async function sendingBlocker(
  db: Database,
  campaign: CampaignRow,
): Promise<{ message: string | null; mailboxes: string[]; disconnected: boolean }> {
  const rotation = await campaignMailboxRotation(db, campaign.id);
  const blocked = (message: string) => ({ ...rotation, message });
  if (campaign.status === 'completed') return blocked(m.completed);
  if (rotation.mailboxes.length === 0) return blocked(m.noMailbox);
  if (!campaign.sequenceId) return blocked(m.noSequence);
  const [steps] = await db
    .select({ n: count() })
    .from(emailSequenceSteps)
    .where(eq(emailSequenceSteps.sequenceId, campaign.sequenceId));
  if (!steps?.n) return blocked(m.emptySequence);
  return { ...rotation, message: null };
}

/**
 * What Send Emails would do now: how many of the campaign's prospects are eligible, what stops the
 * campaign from sending and what would hold its emails back (null when nothing does).
 * @throws AppError NOT_FOUND for another user's campaign.
 */
export async function previewEnrollment(
  db: Database,
  workspaceId: string,
  campaignId: string,
  now: Date,
): Promise<EnrollmentPreview> {
  const campaign = await findOwnedCampaign(db, workspaceId, campaignId);
  const [blocker, eligible] = await Promise.all([
    sendingBlocker(db, campaign),
    enrollableProspects(db, workspaceId, campaignId, now),
  ]);
  const byVerdict = (verdict: string) => eligible.filter((p) => p.verdict === verdict).length;
  const risky = byVerdict('risky');
  const undeliverable = byVerdict('undeliverable');
  return {
    eligible: eligible.length - risky - undeliverable,
    risky,
    undeliverable,
    blocker: blocker.message,
    warning: blocker.disconnected ? m.mailboxesDisconnected : null,
  };
}

/**
 * Checks the addresses of `candidates` (AddressChecker: syntax, a domain that accepts mail,
 * disposable and role flags), stores each prospect's email_check, and returns the ids that may be
 * enrolled and the others counted per reason. DNS is asked here, outside any transaction.
 */
async function checkCandidates(
  db: Database,
  addresses: AddressChecker,
  candidates: { id: string; email: string }[],
  now: Date,
): Promise<{ deliverable: Set<string>; notEnrolled: EnrollmentResult['notEnrolled'] }> {
  const checks = await addresses.check(
    candidates.map((p) => p.email),
    now,
  );
  const byCheck = new Map<string, string[]>();
  const deliverable = new Set<string>();
  const refused = new Map<string, number>();
  for (const p of candidates) {
    const check = checks.get(p.email)!;
    const key = JSON.stringify(check);
    const group = byCheck.get(key);
    if (group) group.push(p.id);
    else byCheck.set(key, [p.id]);
    if (check.deliverable) deliverable.add(p.id);
    else {
      const reason = check.flags.includes('syntax') ? m.invalidAddress : m.domainRefusesMail;
      refused.set(reason, (refused.get(reason) ?? 0) + 1);
    }
  }
  // Prospects share few distinct checks (one per domain outcome and flags): one update per check.
  for (const [key, ids] of byCheck)
    for (let i = 0; i < ids.length; i += INSERT_CHUNK)
      await db
        .update(prospects)
        .set({ emailCheck: JSON.parse(key) as EmailCheck })
        .where(inArray(prospects.id, ids.slice(i, i + INSERT_CHUNK)));
  return { deliverable, notEnrolled: [...refused].map(([reason, n]) => ({ reason, prospects: n })) };
}

/** How Send Emails treats verified addresses (docs/decisions/047-address-verification.md). */
export interface EnrollOptions {
  /** Enroll the prospects whose address is risky (a catch-all domain) too; default false. */
  includeRisky?: boolean;
}

/**
 * The enrollment filter of address verification: prospects whose address was verified
 * undeliverable are left out, and risky ones (catch-all) unless the user included them; each kind
 * counted with its reason. Unverified and unknown addresses stay in (verification is optional).
 */
function byVerification<P extends { verdict: string | null }>(
  found: P[],
  includeRisky: boolean,
): { candidates: P[]; left: EnrollmentResult['notEnrolled'] } {
  const undeliverable = found.filter((p) => p.verdict === 'undeliverable').length;
  const risky = includeRisky ? 0 : found.filter((p) => p.verdict === 'risky').length;
  const left = [
    { reason: m.verifiedUndeliverable, prospects: undeliverable },
    { reason: m.riskyNotIncluded, prospects: risky },
  ].filter((l) => l.prospects > 0);
  return {
    candidates: found.filter((p) => p.verdict !== 'undeliverable' && (includeRisky || p.verdict !== 'risky')),
    left,
  };
}

/**
 * Enrolls the campaign's eligible prospects — all of them, or only `prospectId` — with the first
 * step due at `now`, once their addresses are checked (checkCandidates): a prospect whose address
 * cannot receive mail, or was verified undeliverable, or is risky and not included
 * (byVerification), is not enrolled and is counted in `notEnrolled` with the reason. Mailboxes
 * are handed out round-robin, continuing the rotation of earlier enrollments and passing over
 * mailboxes in connection error while another one is connected. A draft campaign becomes active;
 * a paused one stays paused until resumed. Concurrent calls cannot enroll a prospect twice (one
 * enrollment per prospect, enforced by the database): prospects a concurrent call enrolled first
 * are counted in `notEnrolled` as enrolledMeanwhile, never an error.
 * @throws AppError NOT_FOUND for another user's campaign, CONFLICT when the campaign lacks a
 *   mailbox or sequence, is completed, or nobody is eligible.
 */
export async function enrollCampaign(
  db: Database,
  addresses: AddressChecker,
  actor: Pick<Actor, 'workspaceId' | 'userId' | 'apiKeyId'>,
  campaignId: string,
  now: Date,
  options: EnrollOptions = {},
  prospectId?: string,
): Promise<EnrollmentResult> {
  const { workspaceId } = actor;
  const campaign = await findOwnedCampaign(db, workspaceId, campaignId);
  const { message: blocker, mailboxes } = await sendingBlocker(db, campaign);
  if (blocker) throw new AppError('CONFLICT', blocker);
  const found = await enrollableProspects(db, workspaceId, campaignId, now, prospectId);
  const { candidates, left } = byVerification(found, options.includeRisky ?? false);
  const { deliverable, notEnrolled } = await checkCandidates(db, addresses, candidates, now);
  notEnrolled.push(...left);

  const { enrolled, meanwhile } = await db.transaction(async (tx) => {
    // Eligibility again inside the transaction (another request may have enrolled some meanwhile);
    // only prospects whose address was just checked and found deliverable.
    const chosen = (await enrollableProspects(tx, workspaceId, campaignId, now, prospectId)).filter((p) =>
      deliverable.has(p.id),
    );
    if (chosen.length === 0) return { enrolled: 0, meanwhile: await enrolledAmong(tx, [...deliverable]) };
    const [earlier] = await tx
      .select({ n: count() })
      .from(enrollments)
      .where(eq(enrollments.campaignId, campaignId));
    const offset = earlier?.n ?? 0;
    let inserted = 0;
    for (let i = 0; i < chosen.length; i += INSERT_CHUNK) {
      const rows = await tx
        .insert(enrollments)
        .values(
          chosen.slice(i, i + INSERT_CHUNK).map((p, j) => ({
            workspaceId,
            campaignId,
            prospectId: p.id,
            sequenceId: campaign.sequenceId,
            emailAccountId: mailboxes[(offset + i + j) % mailboxes.length]!,
            nextStepAt: now,
          })),
        )
        .onConflictDoNothing({ target: enrollments.prospectId })
        .returning({ id: enrollments.id });
      inserted += rows.length;
    }
    // A paused campaign stays paused (the user paused it on purpose): its new prospects wait for Resume.
    await moveCampaignStatus(tx, { workspaceId, campaignId, from: 'draft', to: 'active', actor });
    if (inserted > 0)
      await emit(tx, {
        type: 'outreach.started',
        workspaceId,
        actor,
        payload: { campaignId, campaignName: campaign.name, count: inserted },
      });
    // Checked prospects that are enrolled now but not by this call: a concurrent Send Emails enrolled them.
    return { enrolled: inserted, meanwhile: (await enrolledAmong(tx, [...deliverable])) - inserted };
  });
  if (meanwhile > 0) notEnrolled.push({ reason: m.enrolledMeanwhile, prospects: meanwhile });
  if (enrolled === 0 && notEnrolled.length === 0 && !prospectId)
    throw new AppError('CONFLICT', m.nothingToEnroll);
  return { enrolled, notEnrolled };
}

/**
 * Enrolls one prospect of the user (the row's Send action) in its campaign's outreach.
 * @throws AppError NOT_FOUND for another user's prospect; CONFLICT with the reason when the
 *   prospect cannot be enrolled, or for the campaign's reasons (see enrollCampaign).
 */
export async function enrollProspect(
  db: Database,
  addresses: AddressChecker,
  actor: Pick<Actor, 'workspaceId' | 'userId' | 'apiKeyId'>,
  prospectId: string,
  now: Date,
  options: EnrollOptions = {},
): Promise<EnrollmentResult> {
  const { workspaceId } = actor;
  const [prospect] = await db
    .select({ campaignId: prospects.campaignId })
    .from(prospects)
    .where(and(eq(prospects.id, prospectId), eq(prospects.workspaceId, workspaceId)));
  if (!prospect) throw AppError.notFound('Prospect not found');
  const result = await enrollCampaign(db, addresses, actor, prospect.campaignId, now, options, prospectId);
  if (result.enrolled === 0)
    throw new AppError('CONFLICT', await refusalOf(db, workspaceId, prospectId, now, options));
  return result;
}

/** Why enrollableProspects leaves a prospect out, in the user's words. */
async function refusalOf(
  db: Database,
  workspaceId: string,
  prospectId: string,
  now: Date,
  options: EnrollOptions,
): Promise<string> {
  const [row] = await queryRows<{
    email: string | null;
    status: string;
    enrolled: boolean;
    suppressed: boolean;
    emailCheck: unknown;
    verdict: string | null;
  }>(
    db,
    sql`select p.contact_email as email, p.status, p.email_check as "emailCheck",
          p.email_verification->>'verdict' as verdict,
          exists (select 1 from enrollments e where e.prospect_id = p.id) as enrolled,
          exists (select 1 from suppressions x where x.workspace_id = ${workspaceId}
            and x.email = lower(trim(p.contact_email))) as suppressed
        from prospects p where p.id = ${prospectId}`,
  );
  if (!row?.email?.trim()) return m.noEmail;
  if (row.enrolled) return m.alreadyEnrolled;
  if (row.status !== 'pending') return m.notPending;
  if (row.suppressed) return m.suppressed;
  const check = emailCheckSchema.safeParse(row.emailCheck).data;
  if (check && !check.deliverable) return `${m.undeliverable} ${check.reason ?? ''}`.trim();
  if (row.verdict === 'undeliverable') return m.verifiedUndeliverableOne;
  if (row.verdict === 'risky' && !options.includeRisky) return m.riskyOne;
  const [prospect] = await db
    .select({ campaignId: prospects.campaignId, domain: prospects.domain, website: prospects.website })
    .from(prospects)
    .where(eq(prospects.id, prospectId));
  const blocked = await domainsBlockedForContact(db, workspaceId, [prospectDomain(prospect!)], now, {
    campaignId: prospect!.campaignId,
  });
  if (blocked.size > 0) return m.domainBlocked;
  return m.notEligible;
}
