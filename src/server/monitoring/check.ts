import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { linkCheckReasonText, type LiveLinkStatus } from '../../shared/schemas/live-links';
import { siteDomain } from '../../shared/url-normalize';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { liveLinkChecks, liveLinks } from '../db/schema/live-links';
import { notifications } from '../db/schema/notifications';
import { users } from '../db/schema/users';
import { Crawler } from '../discovery/crawler';
import { crawlerSettings } from '../discovery/settings';
import { emit } from '../events/emit';
import { sendAlertMail } from '../alert-mail';
import { placements } from '../db/schema/placements';
import { recordPlacementSighting, type ClaimAlert } from '../placements/claims';
import { judgeLink, type LinkCheckOutcome } from './link-check';
import { observePlacement } from './placement-terms';

/** What a link check needs: the database, the settings and a crawler shared by all checks of the process. */
export interface LinkCheckDeps {
  db: Database;
  config: Config;
  crawler: Crawler;
}

const crawlers = new WeakMap<Config, Crawler>();

/**
 * The crawler all link checks of this process share, so per-host politeness (one request at a
 * time per host, CRAWL_HOST_DELAY_MS apart, robots.txt Crawl-delay) holds across checks.
 */
export function linkCheckCrawler(config: Config): Crawler {
  let crawler = crawlers.get(config);
  if (!crawler) {
    crawler = new Crawler(crawlerSettings(config));
    crawlers.set(config, crawler);
  }
  return crawler;
}

/**
 * Checks one live link now (docs/decisions/012-link-monitoring.md): fetches its page through the crawler (robots.txt,
 * politeness, SSRF guard, every redirect hop checked), judges it, stores the check, updates the
 * link (status, rel, found anchor, reasons, next check due LINK_CHECK_INTERVAL_HOURS later) and,
 * when the link turned lost or suspicious, adds a notification and emails the owner (when the
 * app's SMTP is set; a failed email is logged, not thrown). A change of status is reported as the
 * `live_link.lost`, `.suspicious` or `.recovered` webhook event (docs/product.md#webhooks) in the
 * check's transaction. The link's placements are compared with their agreed terms in the same
 * transaction: proof on a change, a replacement claim within the warranty, its alert mailed to the
 * assignee after commit (docs/decisions/038-warranty-claims.md). Null when the link no longer exists,
 * or when it was checked at or after `queuedAt`, the moment its check job was queued: a job delivered
 * again after its worker died once the check was stored records no second check
 * (docs/decisions/042-fault-suite.md).
 */
export async function checkLiveLink(
  deps: LinkCheckDeps,
  liveLinkId: string,
  { queuedAt }: { queuedAt?: Date } = {},
): Promise<{ outcome: LinkCheckOutcome; previous: LiveLinkStatus } | null> {
  const { db, config } = deps;
  const [link] = await db
    .select({
      id: liveLinks.id,
      workspaceId: liveLinks.workspaceId,
      campaignId: liveLinks.campaignId,
      campaignName: campaigns.name,
      url: liveLinks.url,
      anchorText: liveLinks.anchorText,
      pageUrl: liveLinks.pageUrl,
      status: liveLinks.status,
      lastCheckedAt: liveLinks.lastCheckedAt,
      websiteUrl: campaigns.websiteUrl,
      owner: { email: users.email, emailVerified: users.emailVerified },
    })
    .from(liveLinks)
    .innerJoin(campaigns, eq(campaigns.id, liveLinks.campaignId))
    .leftJoin(users, eq(users.id, campaigns.ownerId))
    .where(eq(liveLinks.id, liveLinkId));
  if (!link || checkedSince(link.lastCheckedAt, queuedAt)) return null;

  const page = await deps.crawler.fetchPage(link.pageUrl);
  const outcome = judgeLink({ ...link, campaignDomain: siteDomain(link.websiteUrl) }, page);
  const now = new Date();
  const turned = outcome.status !== link.status && outcome.status !== 'active';
  const alert = turned ? alertFor(link, outcome) : null;

  const claimAlerts: ClaimAlert[] = [];
  const stored = await db.transaction(async (tx) => {
    const updated = await tx
      .update(liveLinks)
      .set({
        status: outcome.status,
        reasons: outcome.reasons,
        rel: outcome.rel,
        foundAnchorText: outcome.anchorText,
        lastCheckedAt: now,
        nextCheckAt: new Date(now.getTime() + config.LINK_CHECK_INTERVAL_HOURS * 3_600_000),
      })
      .where(
        and(
          eq(liveLinks.id, link.id),
          queuedAt ? or(isNull(liveLinks.lastCheckedAt), lt(liveLinks.lastCheckedAt, queuedAt)) : undefined,
        ),
      )
      .returning({ id: liveLinks.id });
    // Deleted, or checked by another delivery of the same job, while its page was being fetched: nothing to record.
    if (!updated.length) return false;
    await tx.insert(liveLinkChecks).values({
      liveLinkId: link.id,
      workspaceId: link.workspaceId,
      checkedAt: now,
      status: outcome.status,
      reasons: outcome.reasons,
      httpStatus: outcome.httpStatus,
      finalUrl: outcome.finalUrl,
      anchorText: outcome.anchorText,
      rel: outcome.rel,
      detail: outcome.detail,
    });
    // The placements of this link compare the same page with their own agreed terms
    // (docs/decisions/038-warranty-claims.md).
    const ledger = await tx
      .select({
        id: placements.id,
        targetUrl: placements.targetUrl,
        anchorText: placements.anchorText,
        rel: placements.rel,
      })
      .from(placements)
      .where(eq(placements.liveLinkId, link.id));
    for (const placement of ledger) {
      const seen = observePlacement({ ...placement, campaignDomain: siteDomain(link.websiteUrl) }, page);
      const claimAlert = seen && (await recordPlacementSighting(tx, placement.id, seen, now));
      if (claimAlert) claimAlerts.push(claimAlert);
    }
    await emit(tx, {
      type: 'live_link.checked',
      workspaceId: link.workspaceId,
      payload: { liveLinkId: link.id, campaignId: link.campaignId },
    });
    if (outcome.status !== link.status)
      await emit(tx, {
        type: liveLinkEvent[outcome.status],
        workspaceId: link.workspaceId,
        payload: {
          liveLinkId: link.id,
          campaignId: link.campaignId,
          campaignName: link.campaignName,
          url: link.url,
          pageUrl: link.pageUrl,
          anchorText: link.anchorText,
          from: link.status,
          to: outcome.status,
          reasons: outcome.reasons,
          httpStatus: outcome.httpStatus,
          checkedAt: now.toISOString(),
        },
      });
    if (alert) {
      await tx.insert(notifications).values({
        workspaceId: link.workspaceId,
        liveLinkId: link.id,
        kind: outcome.status === 'lost' ? 'link-lost' : 'link-suspicious',
        title: alert.title,
        body: alert.body,
      });
      await emit(tx, {
        type: 'notification.created',
        workspaceId: link.workspaceId,
        payload: { kind: outcome.status === 'lost' ? 'link-lost' : 'link-suspicious' },
      });
    }
    return true;
  });
  if (!stored) return null;

  if (alert) {
    const text = `${alert.body}\n\nSee your live links: ${config.APP_URL}/dashboard/live-links\n`;
    await sendAlertMail(config, 'link-check', link.owner, { subject: `LinkPilot: ${alert.title}`, text });
  }
  for (const claimAlert of claimAlerts)
    await sendAlertMail(config, 'warranty-claim', claimAlert.to, {
      subject: claimAlert.subject,
      text: `${claimAlert.text}\n\nSee the claim: ${config.APP_URL}/dashboard/placements?claims=active\n`,
    });
  return { outcome, previous: link.status };
}

function checkedSince(lastCheckedAt: Date | null, queuedAt: Date | undefined): boolean {
  return Boolean(queuedAt && lastCheckedAt && lastCheckedAt >= queuedAt);
}

/** The webhook event of a link's new status: back to active is a recovery. */
const liveLinkEvent = {
  lost: 'live_link.lost',
  suspicious: 'live_link.suspicious',
  active: 'live_link.recovered',
} as const satisfies Record<LiveLinkStatus, string>;

/** The notification's words: which link on which page, and why. */
function alertFor(
  link: { url: string; pageUrl: string },
  outcome: LinkCheckOutcome,
): { title: string; body: string } {
  const host = siteDomain(link.pageUrl);
  const why = outcome.reasons.map((r) => linkCheckReasonText[r]).join('; ');
  return {
    title: outcome.status === 'lost' ? `Link lost on ${host}` : `Suspicious link on ${host}`,
    body: `${why}. Page: ${link.pageUrl} — link to ${link.url}`,
  };
}
