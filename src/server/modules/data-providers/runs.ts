import { isNotNull, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import type { PgBoss } from 'pg-boss';
import {
  dataProviderInfo,
  dataProviderMessages as m,
  PROVIDER_METRICS_DOMAINS_MAX,
  type DataProviderId,
  type MetricsRefreshResult,
  type ProviderBacklinksResult,
  type ProviderEstimate,
  type ProviderRequest,
} from '../../../shared/schemas/data-providers';
import type { ColumnMapping, ExportTool } from '../../../shared/seo-exports/formats';
import { metricLabels } from '../../../shared/seo-exports/formats';
import { domainOf } from '../../../shared/seo-exports/records';
import type { Actor } from '../../auth/workspaces';
import { findOwnedCampaign } from '../../campaigns/find';
import { queryRows } from '../../db/client';
import { backlinkImports, domainMetrics } from '../../db/schema/backlink-imports';
import { prospects } from '../../db/schema/prospects';
import { emit } from '../../events/emit';
import { AppError } from '../../http/errors';
import { backlinkImportQueue, sendJob } from '../../jobs/definitions';
import { freshAnswers, keepAnswers, oldestFetch } from '../../seo-data/cache';
import type { DataProvider, ProviderBacklink, ProviderMetric } from '../../seo-data/data-provider';
import { connectedProvider, providerAppError, type DataProviderDeps } from './service';

/** The import job's queue, for "Get competitor backlinks". */
export interface DataProviderRunDeps extends DataProviderDeps {
  queue: Pick<PgBoss, 'send'>;
}

/** Rows per insert statement. */
const INSERT_CHUNK = 200;
const metricsKey = (domain: string) => `metrics:${domain}`;
const backlinksKey = (target: string, limit: number) => `backlinks:${target}:${limit}`;

/**
 * The campaign's prospect domains a metrics refresh asks about: those without a value from the
 * provider's source first, then the oldest, at most PROVIDER_METRICS_DOMAINS_MAX; and how many wait.
 */
async function metricsDomains(
  deps: DataProviderDeps,
  workspaceId: string,
  campaignId: string,
  provider: DataProvider,
) {
  const rows = await queryRows<{ domain: string; total: number }>(
    deps.db,
    sql`
      select p.domain, (count(*) over ())::int as total
      from (select distinct domain from ${prospects}
            where ${prospects.campaignId} = ${campaignId} and ${prospects.workspaceId} = ${workspaceId}
              and ${isNotNull(prospects.domain)}) p
      order by (select min(${domainMetrics.measuredOn}) from ${domainMetrics}
                where ${domainMetrics.workspaceId} = ${workspaceId} and ${domainMetrics.domain} = p.domain
                  and ${domainMetrics.source} = ${provider.source}) asc nulls first, p.domain
      limit ${PROVIDER_METRICS_DOMAINS_MAX}`,
  );
  if (!rows.length) throw new AppError('VALIDATION_ERROR', m.noDomains);
  const domains = rows.map((r) => r.domain);
  const cached = await freshAnswers(deps.db, workspaceId, provider.id, domains.map(metricsKey));
  return {
    domains,
    leftOver: Number(rows[0]!.total) - domains.length,
    cached,
    toFetch: domains.filter((d) => !cached.has(metricsKey(d))),
  };
}

/**
 * What a run will cost before it starts (docs/decisions/046-live-seo-data-providers.md): the
 * requests the cache cannot answer, in the provider's pricing unit; what is cached is free.
 * @throws AppError NOT_FOUND for another workspace's campaign or a provider not connected;
 *   VALIDATION_ERROR for a campaign without prospect domains (metrics).
 */
export async function estimateProviderRun(
  deps: DataProviderDeps,
  workspaceId: string,
  campaignId: string,
  request: ProviderRequest,
): Promise<ProviderEstimate> {
  await findOwnedCampaign(deps.db, workspaceId, campaignId);
  const provider = await connectedProvider(deps, workspaceId, request.provider);
  if (request.kind === 'metrics') {
    const plan = await metricsDomains(deps, workspaceId, campaignId, provider);
    return {
      provider: provider.id,
      toFetch: plan.toFetch.length,
      cached: plan.cached.size,
      cachedAt: oldestFetch(plan.cached.values())?.toISOString() ?? null,
      leftOver: plan.leftOver,
      cost: provider.estimateCost({ kind: 'metrics', domains: plan.toFetch.length }),
    };
  }
  const cached = (
    await freshAnswers(deps.db, workspaceId, provider.id, [backlinksKey(request.target, request.limit)])
  )
    .values()
    .next().value;
  return {
    provider: provider.id,
    toFetch: cached ? 0 : 1,
    cached: cached ? 1 : 0,
    cachedAt: cached?.fetchedAt.toISOString() ?? null,
    leftOver: 0,
    cost: provider.estimateCost({ kind: 'backlinks', limit: cached ? 0 : request.limit }),
  };
}

/**
 * "Refresh metrics": the provider's metrics of the campaign's prospect domains into `domain_metrics`
 * with their source and the day they were fetched, asking only for what the cache does not hold.
 * @throws AppError NOT_FOUND (campaign, provider), VALIDATION_ERROR (no domains), PROVIDER_ERROR
 *   when the provider refuses or fails (nothing is stored then).
 */
export async function refreshCampaignMetrics(
  deps: DataProviderDeps,
  actor: Actor,
  campaignId: string,
  providerId: DataProviderId,
): Promise<MetricsRefreshResult> {
  const campaign = await findOwnedCampaign(deps.db, actor.workspaceId, campaignId);
  const provider = await connectedProvider(deps, actor.workspaceId, providerId);
  const plan = await metricsDomains(deps, actor.workspaceId, campaignId, provider);
  const fetchedAt = new Date();
  const fetched = plan.toFetch.length
    ? await provider.domainMetrics(plan.toFetch).catch(providerAppError)
    : new Map();
  await keepAnswers(
    deps.db,
    actor.workspaceId,
    provider.id,
    plan.toFetch.map((domain) => ({ key: metricsKey(domain), answer: fetched.get(domain) ?? [] })),
    fetchedAt,
  );
  const rows = plan.domains.flatMap((domain) => {
    const cached = plan.cached.get(metricsKey(domain));
    const metrics = (cached ? cached.answer : fetched.get(domain)) as ProviderMetric[] | undefined;
    const measuredOn = (cached?.fetchedAt ?? fetchedAt).toISOString().slice(0, 10);
    return (metrics ?? []).map((metric) => ({
      workspaceId: actor.workspaceId,
      domain,
      ...metric,
      measuredOn,
    }));
  });
  await deps.db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK)
      await tx
        .insert(domainMetrics)
        .values(rows.slice(i, i + INSERT_CHUNK))
        .onConflictDoUpdate({
          target: [
            domainMetrics.workspaceId,
            domainMetrics.domain,
            domainMetrics.source,
            domainMetrics.metric,
          ],
          set: { value: sql`excluded.value`, measuredOn: sql`excluded.measured_on`, updatedAt: new Date() },
        });
    await emit(tx, {
      type: 'domain_metrics.refreshed',
      workspaceId: actor.workspaceId,
      actor,
      payload: {
        campaignId,
        name: campaign.name,
        provider: provider.id,
        label: dataProviderInfo[provider.id].label,
        fetched: plan.toFetch.length,
        cached: plan.cached.size,
        stored: new Set(rows.map((r) => r.domain)).size,
      },
    });
  });
  return {
    fetched: plan.toFetch.length,
    cached: plan.cached.size,
    cachedAt: oldestFetch(plan.cached.values())?.toISOString() ?? null,
    stored: new Set(rows.map((r) => r.domain)).size,
    leftOver: plan.leftOver,
  };
}

/** The export tool whose name an import from each provider shows (DataForSEO makes no exports). */
const toolOf: Record<DataProviderId, ExportTool> = {
  ahrefs: 'ahrefs',
  moz: 'moz',
  semrush: 'semrush',
  dataforseo: 'other',
};

const HEADER = ['Referring page URL', 'Target URL', 'Anchor', 'Rel', 'First seen'];

/**
 * The backlinks as the file the import job reads (docs/decisions/033-backlink-export-import.md),
 * with the mapping of its columns, so a provider's answer becomes prospects exactly as an uploaded
 * export does.
 */
function backlinksFile(links: readonly ProviderBacklink[]): {
  bytes: Buffer;
  header: string[];
  mapping: ColumnMapping;
} {
  const metric = links.find((l) => l.domainMetric)?.domainMetric ?? null;
  const header = metric ? [...HEADER, metricLabels[metric.metric].label] : HEADER;
  const rows = links.map((l) => [
    l.pageUrl,
    l.targetUrl,
    l.anchor,
    l.rel === null ? '' : l.rel || 'dofollow',
    l.firstSeen ?? '',
    ...(metric ? [l.domainMetric?.value ?? ''] : []),
  ]);
  return {
    bytes: Buffer.from(Papa.unparse({ fields: header, data: rows }), 'utf8'),
    header,
    mapping: {
      fields: { linkingPage: 0, targetUrl: 1, anchor: 2, rel: 3, firstSeen: 4 },
      metrics: metric ? [{ column: 5, source: metric.source, metric: metric.metric }] : [],
      targets: [],
    },
  };
}

/**
 * "Get competitor backlinks from <provider>": the provider's backlinks of `target` (or the cached
 * answer of the same request) start a backlink import of the campaign, which adds the linking sites
 * as prospects with their reasons, finds their contacts and shows its progress like an uploaded export.
 * @throws AppError NOT_FOUND (campaign, provider), VALIDATION_ERROR when the provider knows no
 *   backlinks of the target, PROVIDER_ERROR when it refuses or fails.
 */
export async function importProviderBacklinks(
  deps: DataProviderRunDeps,
  actor: Actor,
  campaignId: string,
  request: { provider: DataProviderId; target: string; limit: number },
): Promise<ProviderBacklinksResult> {
  const campaign = await findOwnedCampaign(deps.db, actor.workspaceId, campaignId);
  const provider = await connectedProvider(deps, actor.workspaceId, request.provider);
  const key = backlinksKey(request.target, request.limit);
  const cached = (await freshAnswers(deps.db, actor.workspaceId, provider.id, [key])).get(key);
  let links = cached?.answer as ProviderBacklink[] | undefined;
  if (!links) {
    links = await provider.backlinks(request.target, request.limit).catch(providerAppError);
    await keepAnswers(deps.db, actor.workspaceId, provider.id, [{ key, answer: links }], new Date());
  }
  if (!links.length) throw new AppError('VALIDATION_ERROR', m.noBacklinks(provider.name, request.target));
  const file = backlinksFile(links);
  const domains = new Set(links.map((l) => domainOf(l.pageUrl)).filter(Boolean));
  const importId = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(backlinkImports)
      .values({
        campaignId,
        workspaceId: actor.workspaceId,
        fileName: `${provider.name} API: backlinks of ${request.target}`,
        tool: toolOf[provider.id],
        report: 'backlinks',
        encoding: 'utf-8',
        delimiter: ',',
        header: file.header,
        mapping: file.mapping,
        targetDomain: request.target,
        rowCount: links.length,
        domainCount: domains.size,
        status: 'queued',
        file: file.bytes,
      })
      .returning({ id: backlinkImports.id });
    await emit(tx, {
      type: 'data_provider.backlinks_fetched',
      workspaceId: actor.workspaceId,
      actor,
      payload: {
        campaignId,
        name: campaign.name,
        provider: provider.id,
        label: dataProviderInfo[provider.id].label,
        target: request.target,
        importId: row!.id,
        backlinks: links.length,
      },
    });
    return row!.id;
  });
  await sendJob(
    deps.queue,
    backlinkImportQueue,
    { importId },
    { retryLimit: 1, group: { id: actor.workspaceId } },
  );
  return {
    importId,
    backlinks: links.length,
    domains: domains.size,
    cachedAt: cached?.fetchedAt.toISOString() ?? null,
  };
}
