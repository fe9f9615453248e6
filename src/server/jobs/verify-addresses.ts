import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { EmailVerdict } from '../../shared/schemas/email-verification';
import { campaigns } from '../db/schema/campaigns';
import { emailVerificationRuns } from '../db/schema/email-verification';
import { prospects } from '../db/schema/prospects';
import { emit } from '../events/emit';
import { addressVerifierFromConfig } from '../outreach/verification/address-verifier';
import { VerifierError } from '../outreach/verification/verifier-apis';
import { verifyAddressesQueue } from './definitions';
import type { JobDefinition, JobDeps } from './job';

/** Addresses verified between two progress writes. */
const BATCH = 25;

/**
 * Verifies the addresses of a campaign's prospects (one run, docs/decisions/047-address-verification.md):
 * each distinct address once, in batches, writing the run's progress and counts per verdict after
 * each batch (a live event refreshes the campaign page). A provider's refusal (key, credits) ends
 * the run as failed with the reason; either way `campaign.addresses_verified` says how it ended.
 * A run that is no longer running (a re-delivered job) is skipped.
 */
export async function runAddressVerification(
  runId: string,
  deps: Pick<JobDeps, 'db' | 'config' | 'appSecret'>,
): Promise<{ status: 'completed' | 'failed' | 'skipped' }> {
  const { db } = deps;
  const [run] = await db.select().from(emailVerificationRuns).where(eq(emailVerificationRuns.id, runId));
  if (!run || run.status !== 'running') return { status: 'skipped' };
  const [campaign] = await db
    .select({ name: campaigns.name })
    .from(campaigns)
    .where(eq(campaigns.id, run.campaignId));
  const verifier = addressVerifierFromConfig(db, deps.config, deps.appSecret);
  const means = await verifier.means(run.workspaceId);
  const rows = await db
    .selectDistinct({ email: sql<string>`lower(trim(${prospects.contactEmail}))` })
    .from(prospects)
    .where(
      and(
        eq(prospects.campaignId, run.campaignId),
        isNotNull(prospects.contactEmail),
        sql`trim(${prospects.contactEmail}) <> ''`,
      ),
    );
  const emails = rows.map((r) => r.email);
  const counts: Record<EmailVerdict, number> = { deliverable: 0, undeliverable: 0, risky: 0, unknown: 0 };
  let error: string | null = means ? null : 'No verification provider or SMTP check is set up any more.';
  let done = 0;
  for (let i = 0; error === null && i < emails.length; i += BATCH) {
    try {
      const verdicts = await verifier.verify(run.workspaceId, means!, emails.slice(i, i + BATCH), new Date());
      for (const v of verdicts.values()) counts[v.verdict]++;
      done += verdicts.size;
    } catch (caught) {
      if (!(caught instanceof VerifierError)) throw caught;
      error = caught.message;
    }
    await db.transaction(async (tx) => {
      await tx
        .update(emailVerificationRuns)
        .set({ done, counts, total: Math.max(run.total, emails.length), updatedAt: new Date() })
        .where(eq(emailVerificationRuns.id, runId));
      await emit(tx, {
        type: 'address_verification.progress',
        workspaceId: run.workspaceId,
        payload: { runId, campaignId: run.campaignId },
      });
    });
  }
  const status = error === null ? 'completed' : 'failed';
  await db.transaction(async (tx) => {
    await tx
      .update(emailVerificationRuns)
      .set({ status, done, counts, error, finishedAt: new Date(), updatedAt: new Date() })
      .where(eq(emailVerificationRuns.id, runId));
    await emit(tx, {
      type: 'campaign.addresses_verified',
      workspaceId: run.workspaceId,
      actor: null,
      payload: {
        runId,
        campaignId: run.campaignId,
        campaignName: campaign?.name ?? '',
        status,
        error,
        ...counts,
      },
    });
  });
  return { status };
}

export const verifyAddressesJob: JobDefinition<{ runId: string }> = {
  ...verifyAddressesQueue,
  concurrency: 2,
  handle: ({ runId }, deps) => runAddressVerification(runId, deps),
};
