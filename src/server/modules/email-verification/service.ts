import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import {
  emailVerificationMessages as m,
  type AddressCandidate,
  type EmailVerification,
  type UseCandidateInput,
  type VerificationRun,
  type VerificationSettings,
  type VerificationSettingsInput,
} from '../../../shared/schemas/email-verification';
import { siteDomain } from '../../../shared/url-normalize';
import type { Actor } from '../../auth/workspaces';
import { findOwnedCampaign } from '../../campaigns/find';
import type { Database } from '../../db/client';
import {
  emailVerificationRuns,
  emailVerifications,
  emailVerificationSettings,
} from '../../db/schema/email-verification';
import { prospects } from '../../db/schema/prospects';
import { emit } from '../../events/emit';
import { prospectRef } from '../../events/prospect-ref';
import { AppError } from '../../http/errors';
import { sendJob, verifyAddressesQueue } from '../../jobs/definitions';
import {
  candidateAddresses,
  candidateConfidence,
  learnPatterns,
  type PatternCandidate,
} from '../../outreach/verification/address-patterns';
import { verificationKey, type AddressVerifier } from '../../outreach/verification/address-verifier';
import { VerifierError } from '../../outreach/verification/verifier-apis';
import { encryptSecret } from '../../secrets';

/** What the verification service needs. */
export interface VerificationDeps {
  db: Database;
  verifier: AddressVerifier;
  /** Encrypts the providers' API keys (address-verifier.ts verifierKeyOf). */
  secretKey: Buffer;
  queue: Pick<PgBoss, 'send'>;
}

/** Candidates verified per search at most: each verification may cost a provider credit. */
const CANDIDATES_VERIFIED_MAX = 5;

/** The workspace's verification settings as the API shows them (never the key). */
export async function getVerificationSettings(
  deps: Pick<VerificationDeps, 'db' | 'verifier'>,
  workspaceId: string,
): Promise<VerificationSettings> {
  const [row] = await deps.db
    .select()
    .from(emailVerificationSettings)
    .where(eq(emailVerificationSettings.workspaceId, workspaceId));
  if (!row) return { provider: null, keyEnding: null, smtpCheck: false, updatedAt: null };
  const means = await deps.verifier.means(workspaceId);
  return {
    provider: row.provider,
    keyEnding: means?.apiKey ? means.apiKey.slice(-4) : null,
    smtpCheck: row.smtpCheck,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Saves the workspace's provider (its key encrypted; an empty key keeps the saved one of the same
 * provider) and whether the SMTP check runs. Full Access only.
 * @throws AppError FORBIDDEN for another role; VALIDATION on apiKey when a provider has no key.
 */
export async function saveVerificationSettings(
  deps: Pick<VerificationDeps, 'db' | 'verifier' | 'secretKey'>,
  actor: Actor,
  input: Required<VerificationSettingsInput>,
): Promise<VerificationSettings> {
  if (actor.role !== 'full') throw AppError.forbidden(m.fullAccessOnly);
  const [existing] = await deps.db
    .select()
    .from(emailVerificationSettings)
    .where(eq(emailVerificationSettings.workspaceId, actor.workspaceId));
  const keepKey = !input.apiKey && existing?.provider === input.provider ? existing?.apiKeyEncrypted : null;
  if (input.provider && !input.apiKey && !keepKey) throw AppError.invalidField('apiKey', m.keyRequired);
  const apiKeyEncrypted = input.provider ? (keepKey ?? encryptSecret(deps.secretKey, input.apiKey)) : null;
  await deps.db.transaction(async (tx) => {
    const values = { provider: input.provider, apiKeyEncrypted, smtpCheck: input.smtpCheck };
    await tx
      .insert(emailVerificationSettings)
      .values({ workspaceId: actor.workspaceId, ...values })
      .onConflictDoUpdate({
        target: emailVerificationSettings.workspaceId,
        set: { ...values, updatedAt: new Date() },
      });
    await emit(tx, {
      type: 'email_verification.settings_changed',
      workspaceId: actor.workspaceId,
      actor,
      payload: { provider: input.provider, smtpCheck: input.smtpCheck },
    });
  });
  return getVerificationSettings(deps, actor.workspaceId);
}

/** The workspace's prospect, or 404. */
async function ownedProspect(db: Database, workspaceId: string, prospectId: string) {
  const [row] = await db
    .select()
    .from(prospects)
    .where(and(eq(prospects.id, prospectId), eq(prospects.workspaceId, workspaceId)));
  if (!row) throw AppError.notFound('Prospect not found');
  return row;
}

/** The workspace's verification means, or a 409 saying how to set one up. */
async function requiredMeans(deps: Pick<VerificationDeps, 'verifier'>, workspaceId: string) {
  const means = await deps.verifier.means(workspaceId);
  if (!means) throw new AppError('CONFLICT', m.nothingToVerify);
  return means;
}

/** A provider's refusal (key, credits, limit) as a 409 in the user's words. */
function refusal(error: unknown): never {
  if (error instanceof VerifierError) throw new AppError('CONFLICT', error.message);
  throw error;
}

/**
 * Verifies one prospect's address now (a fresh cached verdict is reused) and records it.
 * @throws AppError NOT_FOUND for another workspace's prospect; CONFLICT without an address, without
 *   a provider or SMTP check, or when the provider refuses.
 */
export async function verifyProspectAddress(
  deps: VerificationDeps,
  actor: Actor,
  prospectId: string,
  now: Date,
): Promise<EmailVerification> {
  const prospect = await ownedProspect(deps.db, actor.workspaceId, prospectId);
  if (!prospect.contactEmail?.trim()) throw new AppError('CONFLICT', m.noAddress);
  const means = await requiredMeans(deps, actor.workspaceId);
  const verdicts = await deps.verifier
    .verify(actor.workspaceId, means, [prospect.contactEmail], now)
    .catch(refusal);
  const verification = verdicts.get(verificationKey(prospect.contactEmail))!;
  await deps.db.transaction(async (tx) => {
    const ref = (await prospectRef(tx, prospectId))!;
    await emit(tx, {
      type: 'prospect.email_verified',
      workspaceId: actor.workspaceId,
      actor,
      payload: { ...ref, ...verification },
    });
  });
  return verification;
}

function toRun(row: typeof emailVerificationRuns.$inferSelect): VerificationRun {
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    done: row.done,
    counts: row.counts,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The campaign's latest Verify addresses run, or null. @throws AppError NOT_FOUND for another workspace's campaign. */
export async function latestVerificationRun(
  db: Database,
  workspaceId: string,
  campaignId: string,
): Promise<VerificationRun | null> {
  await findOwnedCampaign(db, workspaceId, campaignId);
  const [row] = await db
    .select()
    .from(emailVerificationRuns)
    .where(eq(emailVerificationRuns.campaignId, campaignId))
    .orderBy(desc(emailVerificationRuns.createdAt))
    .limit(1);
  return row ? toRun(row) : null;
}

/**
 * Starts verifying the addresses of the campaign's prospects in the background (the
 * verify-addresses job), one run at a time per campaign.
 * @throws AppError NOT_FOUND for another workspace's campaign; CONFLICT without a provider or SMTP
 *   check, while a run is going on, or when no prospect has an address.
 */
export async function startCampaignVerification(
  deps: VerificationDeps,
  actor: Actor,
  campaignId: string,
): Promise<VerificationRun> {
  await findOwnedCampaign(deps.db, actor.workspaceId, campaignId);
  await requiredMeans(deps, actor.workspaceId);
  const run = await deps.db.transaction(async (tx) => {
    // One run per campaign at a time: the campaign row's lock orders concurrent starts.
    await tx.execute(sql`select 1 from campaigns where id = ${campaignId} for update`);
    const [running] = await tx
      .select({ id: emailVerificationRuns.id })
      .from(emailVerificationRuns)
      .where(
        and(eq(emailVerificationRuns.campaignId, campaignId), eq(emailVerificationRuns.status, 'running')),
      );
    if (running) throw new AppError('CONFLICT', m.alreadyRunning);
    const [count] = await tx
      .select({ n: sql<number>`count(distinct lower(trim(${prospects.contactEmail})))::int` })
      .from(prospects)
      .where(
        and(
          eq(prospects.campaignId, campaignId),
          isNotNull(prospects.contactEmail),
          sql`trim(${prospects.contactEmail}) <> ''`,
        ),
      );
    if (!count?.n) throw new AppError('CONFLICT', m.noAddress);
    const [row] = await tx
      .insert(emailVerificationRuns)
      .values({ campaignId, workspaceId: actor.workspaceId, total: count.n })
      .returning();
    return row!;
  });
  await sendJob(
    deps.queue,
    verifyAddressesQueue,
    { runId: run.id },
    { retryLimit: 1, group: { id: actor.workspaceId } },
  );
  return toRun(run);
}

/** The domain's addresses with their person's name, known to the workspace (for learnPatterns). */
async function namedAddressesAt(db: Database, workspaceId: string, domain: string) {
  return db
    .select({
      email: sql<string>`lower(trim(${prospects.contactEmail}))`,
      name: sql<string>`${prospects.contactName}`,
    })
    .from(prospects)
    .where(
      and(
        eq(prospects.workspaceId, workspaceId),
        isNotNull(prospects.contactName),
        sql`lower(trim(${prospects.contactEmail})) like ${`%@${domain.replace(/[\\%_]/g, '\\$&')}`}`,
      ),
    )
    .limit(500);
}

/** A prospect's candidate addresses before verification: its name and domain, the patterns learned there. */
async function candidatesOf(
  db: Database,
  workspaceId: string,
  prospectId: string,
): Promise<PatternCandidate[]> {
  const prospect = await ownedProspect(db, workspaceId, prospectId);
  if (prospect.contactEmail?.trim()) throw new AppError('CONFLICT', m.hasAddress);
  if (!prospect.contactName?.trim()) throw new AppError('CONFLICT', m.noName);
  const website = prospect.website.includes('://') ? prospect.website : `https://${prospect.website}`;
  const domain = prospect.domain ?? siteDomain(website);
  if (!domain.includes('.')) throw new AppError('CONFLICT', m.noDomain);
  const learned = learnPatterns(await namedAddressesAt(db, workspaceId, domain));
  return candidateAddresses(prospect.contactName, domain, learned);
}

/**
 * The candidate addresses of a prospect that has a person's name and no address: the domain's
 * learned patterns first, then the common ones (address-patterns.ts), verified in that order (at
 * most CANDIDATES_VERIFIED_MAX) until one is deliverable or the domain shows itself catch-all, each
 * with its confidence; best first. Without a provider or SMTP check nothing is verified and every
 * confidence is its pattern's alone. Nothing is saved on the prospect.
 * @throws AppError NOT_FOUND for another workspace's prospect; CONFLICT when it has an address, no
 *   name or no domain, or when the provider refuses.
 */
export async function findAddressCandidates(
  deps: VerificationDeps,
  actor: Actor,
  prospectId: string,
  now: Date,
): Promise<AddressCandidate[]> {
  const candidates = await candidatesOf(deps.db, actor.workspaceId, prospectId);
  const means = await deps.verifier.means(actor.workspaceId);
  const verdicts = new Map<string, EmailVerification>();
  if (means)
    for (const c of candidates.slice(0, CANDIDATES_VERIFIED_MAX)) {
      const found = await deps.verifier.verify(actor.workspaceId, means, [c.email], now).catch(refusal);
      const verification = found.get(c.email)!;
      verdicts.set(c.email, verification);
      if (verification.verdict === 'deliverable' || verification.verdict === 'risky') break;
    }
  return candidates
    .map((c) => {
      const verification = verdicts.get(c.email) ?? null;
      return {
        email: c.email,
        pattern: c.pattern,
        learned: c.learned,
        confidence: candidateConfidence(c.prior, verification),
        verification,
      };
    })
    .sort((a, b) => b.confidence - a.confidence);
}

/**
 * Makes one of the prospect's candidates its contact address, with the candidate's verdict. An
 * address not verified deliverable needs the user's explicit consent (`allowUnverified`); one
 * verified undeliverable is refused.
 * @throws AppError NOT_FOUND for another workspace's prospect; CONFLICT for an address that is not
 *   a candidate, is undeliverable, or is unverified without consent.
 */
export async function useCandidateAddress(
  db: Database,
  actor: Actor,
  prospectId: string,
  input: Required<UseCandidateInput>,
) {
  const email = verificationKey(input.email);
  const candidate = (await candidatesOf(db, actor.workspaceId, prospectId)).find((c) => c.email === email);
  if (!candidate) throw AppError.invalidField('email', m.notACandidate);
  const [cached] = await db
    .select()
    .from(emailVerifications)
    .where(and(eq(emailVerifications.workspaceId, actor.workspaceId), eq(emailVerifications.email, email)));
  const verification: EmailVerification | null = cached
    ? {
        verdict: cached.verdict,
        source: cached.source,
        detail: cached.detail,
        checkedAt: cached.checkedAt.toISOString(),
      }
    : null;
  if (verification?.verdict === 'undeliverable') throw new AppError('CONFLICT', m.undeliverable);
  if (verification?.verdict !== 'deliverable' && !input.allowUnverified)
    throw new AppError('CONFLICT', m.unverifiedNeedsConsent);
  await db.transaction(async (tx) => {
    await tx
      .update(prospects)
      .set({ contactEmail: email, emailVerification: verification, updatedAt: new Date() })
      .where(eq(prospects.id, prospectId));
    const ref = (await prospectRef(tx, prospectId))!;
    await emit(tx, {
      type: 'prospect.email_found',
      workspaceId: actor.workspaceId,
      actor,
      payload: {
        ...ref,
        pattern: candidate.pattern,
        verdict: verification?.verdict ?? null,
        unverifiedConsent: verification?.verdict !== 'deliverable',
      },
    });
  });
  return { ok: true as const };
}
