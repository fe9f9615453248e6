import { and, eq, inArray, sql } from 'drizzle-orm';
import { limits } from '../../shared/limits';
import { discoveryMessages } from '../../shared/schemas/discovery';
import type { Config } from '../config';
import { queryRows, type Database, type Db } from '../db/client';
import { bumpCampaignCounters } from '../campaigns/counters';
import { campaigns } from '../db/schema/campaigns';
import { prospects } from '../db/schema/prospects';
import { discoveryRuns } from '../db/schema/discovery';
import { emit } from '../events/emit';
import { skippedDomains } from '../outreach/domain-memory';
import { databaseNow, recordFoundLinks } from '../monitoring/found-links';
import { CrawlStore } from '../discovery/crawl-store';
import { Crawler } from '../discovery/crawler';
import {
  DiscoveryError,
  discoverProspects,
  type DiscoveredProspect,
  type DiscoveryDeps,
} from '../discovery/discover';
import { crawlerSettings, discoveryLimits, discoveryProviders } from '../discovery/settings';
import { findProspectsQueue } from './definitions';
import type { JobDefinition } from './job';
import { processLogger } from '../observability/log';

/** How often a running job looks for a cancel request and writes progress (ms). */
const POLL_MS = 1_000;

/** `prospect.found` webhook events one run sends at most; discovery.finished carries the total. */
export const PROSPECT_FOUND_EVENTS_PER_RUN = 500;

/**
 * Inserts a discovered prospect (pending) unless its domain is already one of the campaign's, and
 * reports it as a `prospect.found` webhook event (the run's first PROSPECT_FOUND_EVENTS_PER_RUN;
 * docs/product.md#webhooks), in one transaction.
 */
async function insertProspect(
  db: Database,
  run: { id: string; campaignId: string; workspaceId: string },
  campaignName: string,
  p: DiscoveredProspect,
) {
  return db.transaction((tx) => insertProspectIn(tx, run, campaignName, p));
}

async function insertProspectIn(
  db: Db,
  run: { id: string; campaignId: string; workspaceId: string },
  campaignName: string,
  p: DiscoveredProspect,
) {
  const inserted = await db
    .insert(prospects)
    .values({
      campaignId: run.campaignId,
      workspaceId: run.workspaceId,
      website: p.website,
      domain: p.domain,
      contactEmail: p.contactEmail,
      contactName: p.contactName,
      alternativeEmails: p.alternativeEmails,
      status: 'pending',
      daScore: p.daScore,
      relevanceScore: p.relevanceScore,
      opportunityType: p.opportunityType,
      sourcePageUrl: p.sourcePageUrl,
      sourceLinkUrl: p.sourceLinkUrl,
      sourceAnchorText: p.sourceAnchorText,
    })
    .onConflictDoNothing({ target: [prospects.campaignId, prospects.domain], where: sql`domain is not null` })
    .returning({ id: prospects.id });
  if (!inserted.length) return false;
  await bumpCampaignCounters(db, run.campaignId, { prospects: 1, prospectsFound: 1 });
  const [counted] = await db
    .update(discoveryRuns)
    .set({ prospectsFound: sql`${discoveryRuns.prospectsFound} + 1` })
    .where(eq(discoveryRuns.id, run.id))
    .returning({ prospectsFound: discoveryRuns.prospectsFound });
  const prospectId = inserted[0]!.id;
  // Past the run's first PROSPECT_FOUND_EVENTS_PER_RUN, the pages still hear of each one; webhooks get the total.
  if ((counted?.prospectsFound ?? 0) > PROSPECT_FOUND_EVENTS_PER_RUN)
    await emit(db, {
      type: 'prospect.changed',
      workspaceId: run.workspaceId,
      payload: { prospectId, campaignId: run.campaignId },
    });
  else
    await emit(db, {
      type: 'prospect.found',
      workspaceId: run.workspaceId,
      payload: {
        prospectId,
        campaignId: run.campaignId,
        campaignName,
        runId: run.id,
        website: p.website,
        domain: p.domain ?? null,
        email: p.contactEmail ?? null,
        // A prospect discovery just found has no custom field values yet.
        customFields: {},
        contactName: p.contactName ?? null,
        daScore: p.daScore ?? null,
        relevanceScore: p.relevanceScore ?? null,
        opportunityType: p.opportunityType ?? null,
        sourcePageUrl: p.sourcePageUrl ?? null,
      },
    });
  return true;
}

/** Reports a run's end (`discovery.finished`: webhook and the open pages), in the transaction that records it. */
async function reportRunFinished(
  tx: Db,
  run: { id: string; workspaceId: string },
  campaign: { id: string; name: string },
  status: 'completed' | 'failed' | 'cancelled',
  row: { prospectsFound: number; pagesCrawled: number; error: string | null },
): Promise<void> {
  await emit(tx, {
    type: 'discovery.finished',
    workspaceId: run.workspaceId,
    payload: {
      runId: run.id,
      campaignId: campaign.id,
      campaignName: campaign.name,
      status,
      prospectsFound: row.prospectsFound,
      pagesCrawled: row.pagesCrawled,
      error: row.error,
    },
  });
}

/**
 * Runs one queued find-prospects run to its end (the job handler): marks it running, discovers
 * prospects for its campaign, inserts them as they are found, writes progress_percentage,
 * prospects_found and pages crawled about once a second, stops when the run is cancelled, and
 * records completion or the failure reason. Idempotent: a finished or cancelled run is left
 * alone, and a re-delivered run adds no duplicate prospects. Never throws for a failed search.
 */
export async function runCampaignDiscovery(
  runId: string,
  deps: {
    db: Database;
    config: Config;
    overrides?: Partial<Pick<DiscoveryDeps, 'searchProviders' | 'backlinkProvider'>>;
  },
): Promise<{ status: 'completed' | 'failed' | 'cancelled' | 'skipped'; prospectsFound: number }> {
  const { db, config } = deps;
  const [run] = await db.select().from(discoveryRuns).where(eq(discoveryRuns.id, runId));
  if (!run || (run.status !== 'queued' && run.status !== 'running'))
    return { status: 'skipped', prospectsFound: 0 };
  const [campaign] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, run.campaignId), eq(campaigns.workspaceId, run.workspaceId)));
  if (!campaign) return { status: 'skipped', prospectsFound: 0 };

  const startedAt = await databaseNow(db);
  await db.update(discoveryRuns).set({ status: 'running', startedAt }).where(eq(discoveryRuns.id, runId));
  await db.update(campaigns).set({ progressPercentage: 0 }).where(eq(campaigns.id, campaign.id));
  const announceProgress = () =>
    emit(db, {
      type: 'discovery.progress',
      workspaceId: run.workspaceId,
      payload: { runId, campaignId: run.campaignId },
    });
  await announceProgress();

  const controller = new AbortController();
  const isCancelled = async () => {
    const [row] = await db
      .select({ status: discoveryRuns.status })
      .from(discoveryRuns)
      .where(eq(discoveryRuns.id, runId));
    return row?.status === 'cancelled';
  };
  const watcher = setInterval(() => {
    void isCancelled().then(
      (cancelled) => cancelled && controller.abort(new Error(discoveryMessages.cancelled)),
      () => undefined,
    );
  }, POLL_MS);
  let lastWrite = 0;
  const crawler = new Crawler(crawlerSettings(config));
  let found = 0;
  try {
    const result = await discoverProspects(
      {
        siteUrl: campaign.websiteUrl,
        competitors: campaign.competitors,
        // Each run looks for target_prospects new sites; a re-delivered run counts what it found.
        target: Math.max(0, (campaign.targetProspects || limits.minAiProspects) - run.prospectsFound),
        skipDomains: await skippedDomains(db, campaign, config.DISCOVERY_RECONTACT_DAYS),
      },
      {
        crawler,
        store: new CrawlStore(db),
        ...discoveryProviders(config),
        ...deps.overrides,
        limits: discoveryLimits(config),
        signal: controller.signal,
        onProspect: async (prospect) => {
          const kept = await insertProspect(db, run, campaign.name, prospect);
          if (kept) found++;
          return kept;
        },
        onProgress: async ({ percent, pagesCrawled }) => {
          if (Date.now() - lastWrite < POLL_MS) return;
          lastWrite = Date.now();
          await db
            .update(campaigns)
            .set({ progressPercentage: percent })
            .where(eq(campaigns.id, campaign.id));
          await db.update(discoveryRuns).set({ pagesCrawled }).where(eq(discoveryRuns.id, runId));
          await announceProgress();
        },
      },
    );
    await db.update(campaigns).set({ progressPercentage: 100 }).where(eq(campaigns.id, campaign.id));
    // Links to any campaign's site seen on the way become its live links (docs/decisions/012-link-monitoring.md).
    await recordFoundLinks(db, startedAt);
    await db.transaction(async (tx) => {
      const [completed] = await tx
        .update(discoveryRuns)
        .set({ status: 'completed', pagesCrawled: result.pagesCrawled, finishedAt: new Date() })
        .where(and(eq(discoveryRuns.id, runId), eq(discoveryRuns.status, 'running')))
        .returning({ prospectsFound: discoveryRuns.prospectsFound });
      if (completed)
        await reportRunFinished(tx, run, campaign, 'completed', {
          ...completed,
          pagesCrawled: result.pagesCrawled,
          error: null,
        });
      // The run's total (a re-delivered run counts what its first attempt found too).
      if (completed && completed.prospectsFound > 0)
        await emit(tx, {
          type: 'prospects.found',
          workspaceId: run.workspaceId,
          payload: {
            campaignId: campaign.id,
            campaignName: campaign.name,
            count: completed.prospectsFound,
            runId,
          },
        });
    });
    return { status: 'completed', prospectsFound: found };
  } catch (error) {
    const ended = { prospectsFound: discoveryRuns.prospectsFound, pagesCrawled: discoveryRuns.pagesCrawled };
    if (controller.signal.aborted || (await isCancelled())) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(discoveryRuns)
          .set({ finishedAt: new Date() })
          .where(eq(discoveryRuns.id, runId))
          .returning(ended);
        if (row) await reportRunFinished(tx, run, campaign, 'cancelled', { ...row, error: null });
      });
      return { status: 'cancelled', prospectsFound: found };
    }
    const reason = error instanceof DiscoveryError ? error.message : 'an unexpected error stopped the search';
    if (!(error instanceof DiscoveryError))
      processLogger().error({ err: error, runId }, 'discovery run failed');
    const message = `${discoveryMessages.failed}: ${reason}`;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(discoveryRuns)
        .set({ status: 'failed', error: message, finishedAt: new Date() })
        .where(eq(discoveryRuns.id, runId))
        .returning(ended);
      if (row) await reportRunFinished(tx, run, campaign, 'failed', { ...row, error: message });
    });
    return { status: 'failed', prospectsFound: found };
  } finally {
    clearInterval(watcher);
    await crawler.close();
  }
}

/**
 * Sets aside runs whose job ended without them (docs/decisions/042-fault-suite.md): a run still
 * 'queued' or 'running' whose pg-boss job is no longer waiting or active — the worker died on each
 * delivery until pg-boss gave up, or the job is gone — is failed with the reason, so the campaign
 * page stops showing a search nothing runs, and Find Prospects can start another. A run not yet
 * given its job id is left alone (it is being queued).
 * @returns how many runs were failed
 */
export async function failAbandonedRuns(db: Database): Promise<number> {
  // Run by a pg-boss job, so pg-boss's tables exist.
  const abandoned = await queryRows<{ id: string }>(
    db,
    sql`select r.id from discovery_runs r
         where r.status in ('queued', 'running') and r.job_id is not null
           and not exists (select 1 from pgboss.job j
                            where j.id::text = r.job_id and j.state in ('created', 'retry', 'active'))`,
  );
  const error = `${discoveryMessages.failed}: the worker stopped during the search each time it was tried; start it again`;
  let failed = 0;
  for (const { id } of abandoned)
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(discoveryRuns)
        .set({ status: 'failed', error, finishedAt: new Date() })
        .where(and(eq(discoveryRuns.id, id), inArray(discoveryRuns.status, ['queued', 'running'])))
        .returning({
          workspaceId: discoveryRuns.workspaceId,
          campaignId: discoveryRuns.campaignId,
          prospectsFound: discoveryRuns.prospectsFound,
          pagesCrawled: discoveryRuns.pagesCrawled,
        });
      if (!row) return;
      const [campaign] = await tx
        .select({ id: campaigns.id, name: campaigns.name })
        .from(campaigns)
        .where(eq(campaigns.id, row.campaignId));
      if (campaign)
        await reportRunFinished(tx, { id, workspaceId: row.workspaceId }, campaign, 'failed', {
          ...row,
          error,
        });
      failed++;
    });
  return failed;
}

/**
 * Runs prospect discovery for one campaign's queued run (`{runId}`, a discovery_runs row made by
 * startFindProspects). Failures are recorded on the run, not thrown, so pg-boss does not retry
 * a search that failed for a reason a retry cannot fix. Runs of different campaigns go side by
 * side, one per user at a time when sent with the user as its group; one campaign never has two
 * runs, as startFindProspects refuses a second while one is queued or running.
 */
export const findProspectsJob: JobDefinition<{ runId: string }> = {
  ...findProspectsQueue,
  concurrency: 2,
  handle: ({ runId }, deps) => runCampaignDiscovery(runId, deps),
};
