import { and, eq, gt, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import { limits } from '../../shared/limits';
import type { DomainMemory } from '../../shared/schemas/prospects';
import { siteDomain } from '../../shared/url-normalize';
import type { Database } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { prospects } from '../db/schema/prospects';
import { contactedDomains } from '../db/schema/prospect-history';
import { iso } from '../db/sql-helpers';

type ProspectRow = typeof prospects.$inferSelect;

/** The domain a prospect is remembered by: discovery's domain, or its website's host without www. */
export function prospectDomain(p: { domain: string | null; website: string }): string {
  return p.domain ?? siteDomain(p.website);
}

/**
 * Updates the domain memory after a change to a prospect (docs/decisions/011-replies-history-and-domain-memory.md). A message sent
 * (`contactedAt`) makes its campaign the domain's last contact, with the prospect's status as the
 * outcome; a later answer or decision (responded, success, failed) only updates the outcome, so
 * the last contact stays the one the recontact rule needs.
 */
export async function rememberProspect(
  db: Database,
  prospect: ProspectRow,
  { contactedAt, statusChanged }: { contactedAt?: Date; statusChanged: boolean },
): Promise<void> {
  const domain = prospectDomain(prospect);
  if (!domain) return;
  const row = {
    workspaceId: prospect.workspaceId,
    domain,
    campaignId: prospect.campaignId,
    outcome: prospect.status,
  };
  const target = [contactedDomains.workspaceId, contactedDomains.domain];
  if (contactedAt) {
    await db
      .insert(contactedDomains)
      .values({ ...row, lastContactedAt: contactedAt })
      .onConflictDoUpdate({
        target,
        set: {
          lastContactedAt: contactedAt,
          campaignId: prospect.campaignId,
          outcome: prospect.status,
          updatedAt: new Date(),
        },
      });
  } else if (statusChanged && ['responded', 'success', 'failed'].includes(prospect.status)) {
    await db
      .insert(contactedDomains)
      .values(row)
      .onConflictDoUpdate({ target, set: { outcome: prospect.status, updatedAt: new Date() } });
  }
}

interface BlockOptions {
  /** Contacts made by this campaign do not block it (it is already talking to the domain). */
  campaignId?: string;
  /** Days within which another campaign's contact blocks the domain (default limits.recontactDays). */
  recontactDays?: number;
}

function blockedWhere(
  workspaceId: string,
  now: Date,
  { campaignId, recontactDays = limits.recontactDays }: BlockOptions,
): SQL {
  const since = new Date(now.getTime() - recontactDays * 86_400_000);
  return and(
    eq(contactedDomains.workspaceId, workspaceId),
    or(
      eq(contactedDomains.doNotContact, true),
      and(
        gt(contactedDomains.lastContactedAt, since),
        // A deleted campaign (null) is another campaign too.
        campaignId
          ? or(isNull(contactedDomains.campaignId), ne(contactedDomains.campaignId, campaignId))
          : undefined,
      ),
    ),
  )!;
}

/**
 * Which of `domains` the user's campaign must not contact now (docs/decisions/011-replies-history-and-domain-memory.md): those marked
 * do-not-contact, and those another campaign contacted within the last `recontactDays` (90 by
 * default, limits.recontactDays). Domains are compared as siteDomain (lower-case, without www.).
 * @returns the blocked domains, as given normalised.
 */
export async function domainsBlockedForContact(
  db: Database,
  workspaceId: string,
  domains: readonly string[],
  now: Date,
  options: BlockOptions = {},
): Promise<Set<string>> {
  const wanted = [...new Set(domains.map((d) => siteDomain(d.toLowerCase())))].filter(Boolean);
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ domain: contactedDomains.domain })
    .from(contactedDomains)
    .where(and(blockedWhere(workspaceId, now, options), inArray(contactedDomains.domain, wanted)));
  return new Set(rows.map((r) => r.domain));
}

/** Every domain the user's campaign must not contact now (same rule), for discovery to skip. */
export async function allBlockedDomains(
  db: Database,
  workspaceId: string,
  now: Date,
  options: BlockOptions = {},
): Promise<Set<string>> {
  const rows = await db
    .select({ domain: contactedDomains.domain })
    .from(contactedDomains)
    .where(blockedWhere(workspaceId, now, options));
  return new Set(rows.map((r) => r.domain));
}

const memoryColumns = {
  domain: contactedDomains.domain,
  lastContactedAt: contactedDomains.lastContactedAt,
  campaignId: contactedDomains.campaignId,
  campaignName: campaigns.name,
  outcome: contactedDomains.outcome,
  doNotContact: contactedDomains.doNotContact,
};

function toDomainMemory(row: {
  domain: string;
  lastContactedAt: Date | null;
  campaignId: string | null;
  campaignName: string | null;
  outcome: DomainMemory['outcome'];
  doNotContact: boolean;
}): DomainMemory {
  return { ...row, lastContactedAt: iso(row.lastContactedAt) };
}

/** The user's memory of each of `domains` that has one, by domain. */
export async function domainMemoryOf(
  db: Database,
  workspaceId: string,
  domains: readonly string[],
): Promise<Map<string, DomainMemory>> {
  if (domains.length === 0) return new Map();
  const rows = await db
    .select(memoryColumns)
    .from(contactedDomains)
    .leftJoin(campaigns, eq(campaigns.id, contactedDomains.campaignId))
    .where(
      and(
        eq(contactedDomains.workspaceId, workspaceId),
        inArray(contactedDomains.domain, [...new Set(domains)]),
      ),
    );
  return new Map(rows.map((r) => [r.domain, toDomainMemory(r)]));
}

/**
 * Sets or clears the user's do-not-contact flag on a domain (kept even if it was never contacted).
 * A domain newly marked stops nothing already sent; discovery and enrollment skip it from now on.
 */
export async function setDoNotContact(
  db: Database,
  workspaceId: string,
  domain: string,
  doNotContact: boolean,
): Promise<DomainMemory> {
  await db
    .insert(contactedDomains)
    .values({ workspaceId, domain, doNotContact })
    .onConflictDoUpdate({
      target: [contactedDomains.workspaceId, contactedDomains.domain],
      set: { doNotContact, updatedAt: new Date() },
    });
  const memory = (await domainMemoryOf(db, workspaceId, [domain])).get(domain);
  return memory!;
}

/**
 * Domains a campaign's run must not propose: the campaign's prospects (manual ones by their
 * website's host) and, from the domain memory, the domains marked do-not-contact or contacted by
 * another of its owner's campaigns within `recontactDays` (docs/decisions/011-replies-history-and-domain-memory.md).
 */
export async function skippedDomains(
  db: Database,
  campaign: { id: string; workspaceId: string },
  recontactDays: number,
  now = new Date(),
) {
  const own = await db
    .select({ website: prospects.website, domain: prospects.domain })
    .from(prospects)
    .where(eq(prospects.campaignId, campaign.id));
  const blocked = await allBlockedDomains(db, campaign.workspaceId, now, {
    campaignId: campaign.id,
    recontactDays,
  });
  return new Set([...own.map(prospectDomain), ...blocked]);
}
