import { and, desc, eq, inArray } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { discoveryMessages, type DiscoveryRun } from '../../../shared/schemas/discovery';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { discoveryRuns } from '../../db/schema/discovery';
import { AppError } from '../../http/errors';
import { findProspectsQueue, sendJob } from '../../jobs/definitions';
import { findOwnedCampaign } from '../../campaigns/find';

/** What the find-prospects service needs: the database, the settings and a queue to send to. */
export interface FindProspectsDeps {
  db: Database;
  config: Config;
  queue: Pick<PgBoss, 'send' | 'cancel'>;
}

/** Extra minutes a job may live past the run's own time bound before pg-boss expires it. */
const EXPIRY_MARGIN_SECONDS = 300;

function toView(run: typeof discoveryRuns.$inferSelect, progressPercentage: number): DiscoveryRun {
  return {
    id: run.id,
    status: run.status,
    progressPercentage: run.status === 'completed' ? 100 : progressPercentage,
    prospectsFound: run.prospectsFound,
    pagesCrawled: run.pagesCrawled,
    error: run.error,
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Starts finding prospects for the user's campaign: records a queued run and sends the
 * find-prospects job. The campaign's progress restarts at 0.
 * @throws AppError NOT_FOUND when the campaign is not the user's; CONFLICT when a run of it is
 *   already queued or running.
 */
export async function startFindProspects(
  deps: FindProspectsDeps,
  workspaceId: string,
  campaignId: string,
): Promise<DiscoveryRun> {
  const { db, config, queue } = deps;
  await findOwnedCampaign(db, workspaceId, campaignId);
  const [run] = await db
    .insert(discoveryRuns)
    .values({ campaignId, workspaceId, status: 'queued' })
    .onConflictDoNothing()
    .returning();
  if (!run) throw new AppError('CONFLICT', discoveryMessages.alreadyRunning);
  await db.update(campaigns).set({ progressPercentage: 0 }).where(eq(campaigns.id, campaignId));
  const jobId = await sendJob(
    queue,
    findProspectsQueue,
    { runId: run.id },
    {
      retryLimit: 1,
      expireInSeconds: config.DISCOVERY_MAX_MINUTES * 60 + EXPIRY_MARGIN_SECONDS,
      group: { id: workspaceId },
    },
  );
  const [updated] = await db
    .update(discoveryRuns)
    .set({ jobId })
    .where(eq(discoveryRuns.id, run.id))
    .returning();
  return toView(updated ?? run, 0);
}

/**
 * Cancels the campaign's queued or running run: the job stops within about a second, keeping
 * the prospects it already found.
 * @throws AppError NOT_FOUND when the campaign is not the user's or nothing is running.
 */
export async function cancelFindProspects(
  deps: FindProspectsDeps,
  workspaceId: string,
  campaignId: string,
): Promise<DiscoveryRun> {
  const { db, queue } = deps;
  const campaign = await findOwnedCampaign(db, workspaceId, campaignId);
  const [run] = await db
    .update(discoveryRuns)
    .set({ status: 'cancelled', finishedAt: new Date() })
    .where(
      and(
        eq(discoveryRuns.campaignId, campaignId),
        eq(discoveryRuns.workspaceId, workspaceId),
        inArray(discoveryRuns.status, ['queued', 'running']),
      ),
    )
    .returning();
  if (!run) throw AppError.notFound(discoveryMessages.notRunning);
  if (run.jobId) await queue.cancel(findProspectsQueue.name, run.jobId).catch(() => undefined);
  return toView(run, campaign.progressPercentage);
}

/**
 * The campaign's latest run (for the detail page to poll), or null when it never ran.
 * @throws AppError NOT_FOUND when the campaign is not the user's.
 */
export async function findProspectsStatus(
  db: Database,
  workspaceId: string,
  campaignId: string,
): Promise<DiscoveryRun | null> {
  const campaign = await findOwnedCampaign(db, workspaceId, campaignId);
  const [run] = await db
    .select()
    .from(discoveryRuns)
    .where(and(eq(discoveryRuns.campaignId, campaignId), eq(discoveryRuns.workspaceId, workspaceId)))
    .orderBy(desc(discoveryRuns.createdAt))
    .limit(1);
  return run ? toView(run, campaign.progressPercentage) : null;
}
