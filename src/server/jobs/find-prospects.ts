import { and, eq, sql } from 'drizzle-orm';
import { limits } from '../../shared/limits';
import { discoveryMessages } from '../../shared/schemas/discovery';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { bumpCampaignCounters } from '../outreach/campaign-counters';
import { campaigns } from '../db/schema/campaigns';
import { prospects } from '../db/schema/prospects';
import { discoveryRuns } from '../db/schema/discovery';
import { recordActivity } from '../activity/record';
import { publishEvent } from '../events/publish';
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
import { emitWebhookEvent } from '../webhooks/emit';
import { findProspectsQueue } from './definitions';
import type { JobDefinition } from './job';

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
  await publishEvent(db, {
    workspaceId: run.workspaceId,
    type: 'prospects.changed',
    campaignId: run.campaignId,
  });
  await bumpCampaignCounters(db, run.campaignId, { prospects: 1, prospectsFound: 1 });
  const [counted] = await db
    .update(discoveryRuns)
    .set({ prospectsFound: sql`${discoveryRuns.prospectsFound} + 1` })
    .where(eq(discoveryRuns.id, run.id))
    .returning({ prospectsFound: discoveryRuns.prospectsFound });
  if ((counted?.prospectsFound ?? 0) <= PROSPECT_FOUND_EVENTS_PER_RUN)
    await emitWebhookEvent(db, run.workspaceId, 'prospect.found', {
      prospectId: inserted[0]!.id,
      campaignId: run.campaignId,
      campaignName,
      runId: run.id,
      website: p.website,
      domain: p.domain,
      email: p.contactEmail,
      contactName: p.contactName,
      daScore: p.daScore,
      relevanceScore: p.relevanceScore,
      opportunityType: p.opportunityType,
      sourcePageUrl: p.sourcePageUrl,
    });
  return true;
}

/** Reports a run's end as the `discovery.finished` webhook event, in the transaction that records it. */
async function reportRunFinished(
  tx: Db,
  run: { id: string; workspaceId: string },
  campaign: { id: string; name: string },
  status: 'completed' | 'failed' | 'cancelled',
  row: { prospectsFound: number; pagesCrawled: number; error: string | null },
): Promise<void> {
  await emitWebhookEvent(tx, run.workspaceId, 'discovery.finished', {
    runId: run.id,
    campaignId: campaign.id,
    campaignName: campaign.name,
    status,
    prospectsFound: row.prospectsFound,
    pagesCrawled: row.pagesCrawled,
    error: row.error,
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
  const announce = (type: 'discovery.progress' | 'discovery.finished') =>
    publishEvent(db, { workspaceId: run.workspaceId, type, campaignId: run.campaignId });
  await announce('discovery.progress');

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
          await announce('discovery.progress');
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
        await recordActivity(tx, {
          workspaceId: run.workspaceId,
          actor: null,
          kind: 'prospects.found',
          campaignId: campaign.id,
          subject: campaign.name,
          details: { count: completed.prospectsFound },
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
    if (!(error instanceof DiscoveryError)) console.error('[find-prospects]', error);
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
    // Completed, failed or cancelled: the pages show the outcome and what the run left behind.
    await announce('discovery.finished');
  }
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
