import { and, eq, sql } from 'drizzle-orm';
import type { ColumnMapping } from '../../shared/seo-exports/formats';
import { recordFromRow, type ExportRecord } from '../../shared/seo-exports/records';
import { siteDomain } from '../../shared/url-normalize';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { backlinkImportDomains, backlinkImports, domainMetrics } from '../db/schema/backlink-imports';
import { campaigns } from '../db/schema/campaigns';
import { prospects } from '../db/schema/prospects';
import { emit } from '../events/emit';
import { recountProspectCounters } from '../campaigns/counters';
import { skippedDomains } from '../outreach/domain-memory';
import { exportText, readExportRows } from '../discovery/backlink-exports/read-export';
import { CandidatePool } from '../discovery/candidates';
import { CrawlStore } from '../discovery/crawl-store';
import { Crawler } from '../discovery/crawler';
import { enrichSites, type SiteToEnrich } from '../discovery/enrich-sites';
import { crawlerSettings, discoveryLimits } from '../discovery/settings';
import { backlinkImportQueue } from './definitions';
import type { JobDefinition } from './job';
import { processLogger } from '../observability/log';

/** Rows per insert statement (Drizzle's statement building holds the event loop; see add-prospects.ts). */
const INSERT_CHUNK = 200;
/** Imported sites whose contact pages one import reads, best DR first; the rest keep their reason only. */
export const IMPORT_CONTACT_SEARCH_MAX = 1_000;

/** A linking site of the export: its first row's evidence, the targets it links to and its best metrics. */
interface SiteEvidence {
  record: ExportRecord;
  targets: Set<string>;
  links: number;
  metrics: Map<string, ExportRecord['metrics'][number]>;
}

/** The export's rows grouped by linking site (one entry per domain, the first row kept as the reason). */
async function sitesOfExport(
  file: Buffer,
  row: { encoding: string; delimiter: string; mapping: ColumnMapping },
  onProgress: (rowsRead: number) => Promise<void>,
): Promise<Map<string, SiteEvidence>> {
  const sites = new Map<string, SiteEvidence>();
  let read = 0;
  await readExportRows(exportText(file), async (rows) => {
    for (const cells of rows) {
      const record = recordFromRow(cells, row.mapping);
      if (!record.domain) continue;
      let site = sites.get(record.domain);
      if (!site) {
        site = { record, targets: new Set(), links: 0, metrics: new Map() };
        sites.set(record.domain, site);
      }
      site.links++;
      for (const target of record.targets) site.targets.add(target);
      for (const m of record.metrics) {
        const key = `${m.source}:${m.metric}`;
        // A domain's metrics are the same on each of its rows; a page's (UR, PA) best one is kept.
        if ((site.metrics.get(key)?.value ?? -Infinity) < m.value) site.metrics.set(key, m);
      }
    }
    read += rows.length;
    await onProgress(read);
  });
  return sites;
}

/**
 * Imports one uploaded backlink export into its campaign (the job handler; docs/decisions/033):
 * reads its rows a chunk at a time into one entry per linking domain, keeps every domain and its
 * metrics (backlink_import_domains, domain_metrics), and adds the domains that may be prospects —
 * not the campaign's site, a competitor, a platform, a prospect already, in the domain memory or
 * suppressed — as pending prospects with the linking page, anchor, rel and first-seen date as the
 * reason found. An export of the campaign's own backlinks adds none (those sites link already).
 * Then discovery's contact finding and relevance scoring run on the new prospects, best DR first,
 * up to IMPORT_CONTACT_SEARCH_MAX. Progress 0–40 % reading, 40–60 % storing, 60–100 % contacts.
 * Failures are recorded on the import, not thrown.
 */
export async function runBacklinkImport(
  importId: string,
  deps: { db: Database; config: Config },
): Promise<{ status: 'completed' | 'failed' | 'skipped'; prospectsAdded: number }> {
  const { db, config } = deps;
  const [job] = await db.select().from(backlinkImports).where(eq(backlinkImports.id, importId));
  if (!job || (job.status !== 'queued' && job.status !== 'running') || !job.file)
    return { status: 'skipped', prospectsAdded: 0 };
  const [campaign] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, job.campaignId), eq(campaigns.workspaceId, job.workspaceId)));
  if (!campaign) return { status: 'skipped', prospectsAdded: 0 };
  const owner = { campaignId: campaign.id, workspaceId: campaign.workspaceId };
  let lastPercent = -1;
  const progress = async (percent: number, counts: Partial<typeof backlinkImports.$inferInsert> = {}) => {
    const rounded = Math.min(99, Math.floor(percent));
    if (rounded === lastPercent && !Object.keys(counts).length) return;
    lastPercent = rounded;
    await db
      .update(backlinkImports)
      .set({ progress: rounded, ...counts })
      .where(eq(backlinkImports.id, importId));
    await emit(db, {
      type: 'backlink_import.progress',
      workspaceId: owner.workspaceId,
      payload: { importId, campaignId: owner.campaignId },
    });
  };
  await db
    .update(backlinkImports)
    .set({ status: 'running', startedAt: new Date(), progress: 0 })
    .where(eq(backlinkImports.id, importId));
  const crawler = new Crawler(crawlerSettings(config));
  let added = 0;
  try {
    const sites = await sitesOfExport(job.file, job, (read) =>
      progress((40 * read) / Math.max(1, job.rowCount)),
    );
    const own = siteDomain(campaign.websiteUrl);
    const aboutOwnSite = job.targetDomain !== null && job.targetDomain === own;
    const pool = new CandidatePool(
      own,
      campaign.competitors.map((c) => siteDomain(c)),
      await skippedDomains(db, campaign, config.DISCOVERY_RECONTACT_DAYS),
    );
    const entries = [...sites.entries()];
    const today = new Date().toISOString().slice(0, 10);
    const newProspects: (SiteToEnrich & { dr: number })[] = [];
    let skipped = 0;
    for (let i = 0; i < entries.length; i += INSERT_CHUNK) {
      const chunk = entries.slice(i, i + INSERT_CHUNK);
      await db
        .insert(backlinkImportDomains)
        .values(
          chunk.map(([domain, site]) => ({
            ...owner,
            importId,
            domain,
            linkingPage: site.record.linkingPage,
            targetUrl: site.record.targetUrl,
            anchor: site.record.anchor,
            rel: site.record.rel,
            firstSeen: site.record.firstSeen,
            targets: [...site.targets],
            links: site.links,
          })),
        )
        .onConflictDoNothing();
      const metrics = chunk.flatMap(([domain, site]) =>
        [...site.metrics.values()].map((m) => ({
          workspaceId: owner.workspaceId,
          domain,
          source: m.source,
          metric: m.metric,
          value: m.value,
          measuredOn: today,
        })),
      );
      if (metrics.length)
        await db
          .insert(domainMetrics)
          .values(metrics)
          .onConflictDoUpdate({
            target: [
              domainMetrics.workspaceId,
              domainMetrics.domain,
              domainMetrics.source,
              domainMetrics.metric,
            ],
            set: { value: sql`excluded.value`, measuredOn: sql`excluded.measured_on`, updatedAt: new Date() },
          });
      const candidates = aboutOwnSite ? [] : chunk.filter(([domain]) => !pool.excludes(domain));
      skipped += chunk.length - candidates.length;
      if (candidates.length) {
        const inserted = await db
          .insert(prospects)
          .values(
            candidates.map(([domain, site]) => {
              const origin = originOf(site.record.linkingPage, domain);
              return {
                ...owner,
                website: `${origin}/`,
                domain,
                status: 'pending' as const,
                opportunityType:
                  site.targets.size >= 2 ? ('link_intersect' as const) : ('competitor_backlink' as const),
                sourcePageUrl: site.record.linkingPage ?? `${origin}/`,
                sourceLinkUrl: site.record.targetUrl,
                sourceAnchorText: site.record.anchor,
                sourceRel: site.record.rel,
                sourceFirstSeen: site.record.firstSeen,
              };
            }),
          )
          .onConflictDoNothing({
            target: [prospects.campaignId, prospects.domain],
            where: sql`domain is not null`,
          })
          .returning({ domain: prospects.domain });
        added += inserted.length;
        skipped += candidates.length - inserted.length;
        const keptDomains = new Set(inserted.map((p) => p.domain));
        for (const [domain, site] of candidates)
          if (keptDomains.has(domain))
            newProspects.push({
              domain,
              origin: originOf(site.record.linkingPage, domain),
              evidencePage: site.record.linkingPage,
              dr: site.metrics.get('ahrefs:dr')?.value ?? -1,
            });
      }
      await progress(40 + (20 * (i + chunk.length)) / Math.max(1, entries.length), {
        prospectsAdded: added,
        domainsSkipped: skipped,
      });
    }
    await db.transaction((tx) => recountProspectCounters(tx, campaign.id));
    if (added)
      await emit(db, {
        type: 'prospects.imported',
        workspaceId: owner.workspaceId,
        payload: { campaignId: campaign.id, campaignName: campaign.name, count: added },
      });

    // Contacts and scores: discovery's own reading of each new prospect's site.
    const toRead = newProspects.sort((a, b) => b.dr - a.dr).slice(0, IMPORT_CONTACT_SEARCH_MAX);
    let contacts = 0;
    await enrichSites(
      { siteUrl: campaign.websiteUrl, sites: toRead },
      {
        crawler,
        store: new CrawlStore(db),
        limits: discoveryLimits(config),
        onSite: async (site, done) => {
          if (site.contactEmail) contacts++;
          await db
            .update(prospects)
            .set({
              contactEmail: site.contactEmail,
              contactName: site.contactName,
              alternativeEmails: site.alternativeEmails,
              relevanceScore: site.relevanceScore,
            })
            .where(and(eq(prospects.campaignId, campaign.id), eq(prospects.domain, site.domain)));
          await progress(60 + (40 * done) / Math.max(1, toRead.length), { contactsFound: contacts });
        },
        onScores: async (scores) => {
          for (const [domain, score] of scores)
            await db
              .update(prospects)
              .set({ daScore: score })
              .where(and(eq(prospects.campaignId, campaign.id), eq(prospects.domain, domain)));
        },
      },
    );
    await db
      .update(backlinkImports)
      .set({
        status: 'completed',
        progress: 100,
        file: null,
        finishedAt: new Date(),
        contactsFound: contacts,
      })
      .where(eq(backlinkImports.id, importId));
    return { status: 'completed', prospectsAdded: added };
  } catch (error) {
    processLogger().error({ err: error }, 'backlink import failed');
    await db
      .update(backlinkImports)
      .set({
        status: 'failed',
        error: `The import stopped after adding ${added} prospects: an unexpected error. Upload the file again to retry.`,
        finishedAt: new Date(),
      })
      .where(eq(backlinkImports.id, importId));
    return { status: 'failed', prospectsAdded: added };
  } finally {
    await crawler.close();
    await emit(db, {
      type: 'backlink_import.progress',
      workspaceId: owner.workspaceId,
      payload: { importId, campaignId: owner.campaignId },
    });
  }
}

/** `scheme://host` of the linking page when it is on the domain, else `https://domain`. */
function originOf(linkingPage: string | null, domain: string): string {
  try {
    const url = new URL(linkingPage ?? '');
    if (siteDomain(url.hostname) === domain && /^https?:$/.test(url.protocol)) return url.origin;
  } catch {
    // no linking page: the domain's https address
  }
  return `https://${domain}`;
}

/** The backlink-import job: `{importId}` of a queued backlink_imports row (startBacklinkImport). */
export const backlinkImportJob: JobDefinition<{ importId: string }> = {
  ...backlinkImportQueue,
  concurrency: 1,
  handle: ({ importId }, deps) => runBacklinkImport(importId, deps),
};
