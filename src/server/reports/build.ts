import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { percent } from '#shared/rates';
import {
  reportMessages as m,
  type Report,
  type ReportBranding,
  type ReportLink,
  type ReportLinkStatus,
  type ReportScope,
} from '#shared/schemas/reports';
import type { Database, Db } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { placementClaims } from '../db/schema/claims';
import { clients } from '../db/schema/clients';
import { liveLinks } from '../db/schema/live-links';
import { placements } from '../db/schema/placements';
import { prospects } from '../db/schema/prospects';
import { reportBranding } from '../db/schema/reports';
import type { MetricsAtLive } from '#shared/schemas/placements';
import { iso } from '../db/sql-helpers';
import { AppError } from '../http/errors';
import { totalsOf } from '../placements/totals';

/** The placement a replaced claim points to, joined beside the claimed one. */
const replacement = alias(placements, 'replacement');

/** A report's scope as read from the database: what it is named and which rows it covers. */
interface ResolvedScope {
  kind: 'client' | 'campaign';
  id: string;
  name: string;
  clientName: string | null;
  clientLogoUrl: string | null;
  /** The report addresses of the client (of the campaign's client for a campaign). */
  reportEmails: string[];
}

/**
 * The client or campaign a report is about, if it is the workspace's.
 * @throws AppError NOT_FOUND (reportMessages.notFound) for another workspace's or an unknown one.
 */
export async function resolveReportScope(
  db: Db,
  workspaceId: string,
  scope: { clientId?: string | null | undefined; campaignId?: string | null | undefined },
): Promise<ResolvedScope> {
  if (scope.clientId) {
    const [client] = await db
      .select()
      .from(clients)
      .where(and(eq(clients.id, scope.clientId), eq(clients.workspaceId, workspaceId)));
    if (!client) throw AppError.notFound(m.notFound);
    return {
      kind: 'client',
      id: client.id,
      name: client.name,
      clientName: client.name,
      clientLogoUrl: client.logoUrl,
      reportEmails: client.reportEmails,
    };
  }
  if (!scope.campaignId) throw AppError.notFound(m.notFound);
  const [row] = await db
    .select({ campaign: campaigns, client: clients })
    .from(campaigns)
    .leftJoin(clients, eq(clients.id, campaigns.clientId))
    .where(and(eq(campaigns.id, scope.campaignId), eq(campaigns.workspaceId, workspaceId)));
  if (!row) throw AppError.notFound(m.notFound);
  return {
    kind: 'campaign',
    id: row.campaign.id,
    name: row.campaign.name,
    clientName: row.client?.name ?? null,
    clientLogoUrl: row.client?.logoUrl ?? null,
    reportEmails: row.client?.reportEmails ?? [],
  };
}

/** The workspace's report white label, or the defaults (LinkPilot shown, no agency name). */
export async function readBranding(db: Db, workspaceId: string): Promise<ReportBranding> {
  const [row] = await db.select().from(reportBranding).where(eq(reportBranding.workspaceId, workspaceId));
  return {
    agencyName: row?.agencyName ?? '',
    logoUrl: row?.logoUrl ?? null,
    accentColor: row?.accentColor ?? '#4f46e5',
    footer: row?.footer ?? '',
    hideLinkPilot: row?.hideLinkPilot ?? false,
  };
}

/** Ahrefs' DR among a placement's metrics at live (metrics-at-live.ts), with the day it was measured. */
function drOf(metrics: MetricsAtLive | null): ReportLink['drAtPlacement'] {
  const dr = metrics?.values.find((v) => v.metric === 'dr' && v.source === 'ahrefs');
  return dr ? { value: dr.value, measuredOn: dr.measuredOn } : null;
}

/** The day a placement counts on: its date live, else the day it was recorded. */
const placementDay = sql`coalesce(${placements.liveAt}, ${placements.createdAt}::date)`;

/**
 * One client's or campaign's report over `from`–`to` (days, inclusive, UTC), for the dashboard, the
 * share link, the PDF, the CSV and the schedule alike (docs/product.md#reports,
 * docs/decisions/039-client-reports.md):
 * - the links: the scope's placements whose date live (else recording day) is in the range, with their
 *   status now from live-link monitoring (`unmonitored` without a live link) and the linking site's
 *   DA when the placement was recorded (else as known now, marked so), and its Ahrefs DR when it went live;
 * - lost links (monitoring says lost, or a claim resolved as replaced) and the placement that replaced
 *   each: the claim's, else a later placement to the same target page that is not lost;
 * - the outreach funnel of the prospects added in the range (contacted: written to or answered;
 *   replied: Responded or Success; won: Success) and reply and win rates over those contacted;
 * - spend and cost per link per currency (the ledger's totals, never summed across currencies), or
 *   null when `hideMoney`; prices of the links are null then too.
 * @throws AppError NOT_FOUND when the client or campaign is not the workspace's.
 */
export async function buildReport(db: Database, workspaceId: string, scope: ReportScope): Promise<Report> {
  const resolved = await resolveReportScope(db, workspaceId, scope);
  const inRange: SQL = and(gte(placementDay, scope.from), lte(placementDay, scope.to))!;
  const scopeFilter =
    resolved.kind === 'client'
      ? eq(placements.clientId, resolved.id)
      : eq(placements.campaignId, resolved.id);

  const rows = await db
    .select({
      id: placements.id,
      pageUrl: placements.pageUrl,
      targetUrl: placements.targetUrl,
      anchorText: placements.anchorText,
      rel: placements.rel,
      liveAt: placements.liveAt,
      day: sql<string>`to_char(${placementDay}, 'YYYY-MM-DD')`,
      priceMinor: placements.priceMinor,
      currency: placements.currency,
      da: prospects.daScore,
      authorityAtPlacement: placements.authorityAtPlacement,
      metricsAtLive: placements.metricsAtLive,
      linkStatus: liveLinks.status,
      lastCheckedAt: liveLinks.lastCheckedAt,
    })
    .from(placements)
    .leftJoin(prospects, eq(prospects.id, placements.prospectId))
    .leftJoin(liveLinks, eq(liveLinks.id, placements.liveLinkId))
    .where(and(eq(placements.workspaceId, workspaceId), scopeFilter, inRange))
    .orderBy(asc(placementDay), asc(placements.id));

  const links = rows.map((r) => ({
    placementId: r.id,
    pageUrl: r.pageUrl,
    targetUrl: r.targetUrl,
    anchorText: r.anchorText,
    rel: r.rel,
    authority: r.authorityAtPlacement ?? r.da,
    authoritySource:
      r.authorityAtPlacement !== null
        ? ('at_placement' as const)
        : r.da !== null
          ? ('da_now' as const)
          : null,
    drAtPlacement: drOf(r.metricsAtLive),
    liveAt: r.liveAt,
    status: (r.linkStatus ?? 'unmonitored') as ReportLinkStatus,
    lastCheckedAt: iso(r.lastCheckedAt),
    priceMinor: scope.hideMoney ? null : r.priceMinor,
    currency: scope.hideMoney ? null : r.currency,
  }));

  const statusCounts = { active: 0, suspicious: 0, lost: 0, unmonitored: 0 };
  const months = new Map<string, typeof statusCounts>();
  rows.forEach((r, i) => {
    const status = links[i]!.status;
    statusCounts[status] += 1;
    const month = r.day.slice(0, 7);
    const counts = months.get(month) ?? { active: 0, suspicious: 0, lost: 0, unmonitored: 0 };
    counts[status] += 1;
    months.set(month, counts);
  });

  // A replacement recorded by a claim (docs/decisions/038-warranty-claims.md) is the truth; without
  // one, a later placement to the same target page that is not lost is taken as the replacement.
  const replacedByClaim = new Map(
    (rows.length
      ? await db
          .select({
            placementId: placementClaims.placementId,
            replacementId: replacement.id,
            pageUrl: replacement.pageUrl,
            liveAt: replacement.liveAt,
          })
          .from(placementClaims)
          .innerJoin(replacement, eq(replacement.id, placementClaims.replacementPlacementId))
          .where(
            and(
              eq(placementClaims.workspaceId, workspaceId),
              eq(placementClaims.status, 'replaced'),
              inArray(
                placementClaims.placementId,
                rows.map((r) => r.id),
              ),
            ),
          )
      : []
    ).map((c) => [c.placementId, { placementId: c.replacementId, pageUrl: c.pageUrl, liveAt: c.liveAt }]),
  );
  const lost = rows
    .filter((r) => r.linkStatus === 'lost' || replacedByClaim.has(r.id))
    .map((r) => {
      const inferred = rows.find(
        (other) =>
          other.id !== r.id &&
          other.linkStatus !== 'lost' &&
          other.targetUrl === r.targetUrl &&
          other.day >= r.day,
      );
      return {
        placementId: r.id,
        pageUrl: r.pageUrl,
        targetUrl: r.targetUrl,
        lastCheckedAt: iso(r.lastCheckedAt),
        replacedBy:
          replacedByClaim.get(r.id) ??
          (inferred
            ? { placementId: inferred.id, pageUrl: inferred.pageUrl, liveAt: inferred.liveAt }
            : null),
      };
    });

  const campaignIds =
    resolved.kind === 'campaign'
      ? [resolved.id]
      : (
          await db
            .select({ id: campaigns.id })
            .from(campaigns)
            .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.clientId, resolved.id)))
        ).map((c) => c.id);
  const [funnelRow] = campaignIds.length
    ? await db
        .select({
          prospects: sql<number>`count(*)::int`,
          contacted: sql<number>`count(*) filter (where ${prospects.lastContacted} is not null or ${prospects.status} <> 'pending')::int`,
          replied: sql<number>`count(*) filter (where ${prospects.status} in ('responded', 'success'))::int`,
          won: sql<number>`count(*) filter (where ${prospects.status} = 'success')::int`,
        })
        .from(prospects)
        .where(
          and(
            eq(prospects.workspaceId, workspaceId),
            inArray(prospects.campaignId, campaignIds),
            gte(sql`${prospects.createdAt}::date`, scope.from),
            lte(sql`${prospects.createdAt}::date`, scope.to),
          ),
        )
    : [{ prospects: 0, contacted: 0, replied: 0, won: 0 }];
  const funnel = {
    ...funnelRow!,
    replyRate: percent(funnelRow!.replied, funnelRow!.contacted),
    winRate: percent(funnelRow!.won, funnelRow!.contacted),
  };

  let money: Report['money'] = null;
  if (!scope.hideMoney) {
    const totals = await totalsOf(
      db,
      and(eq(placements.workspaceId, workspaceId), scopeFilter, inRange),
      resolved.kind,
    );
    money = {
      lines: totals.lines.map(({ currency, links: n, spendMinor, costPerLinkMinor }) => ({
        currency,
        links: n,
        spendMinor,
        costPerLinkMinor,
      })),
      unpriced: totals.unpriced,
    };
  }

  return {
    scope: {
      kind: resolved.kind,
      id: resolved.id,
      name: resolved.name,
      clientName: resolved.clientName,
      clientLogoUrl: resolved.clientLogoUrl,
    },
    from: scope.from,
    to: scope.to,
    hideMoney: scope.hideMoney,
    generatedAt: new Date().toISOString(),
    links,
    lost,
    statusCounts,
    linksPerMonth: [...months.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, counts]) => ({ month, ...counts })),
    funnel,
    money,
    branding: await readBranding(db, workspaceId),
  };
}
