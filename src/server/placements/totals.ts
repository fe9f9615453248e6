import { and, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { PlacementTotals } from '../../shared/schemas/placements';
import type { Database } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { clients } from '../db/schema/clients';
import { placements } from '../db/schema/placements';
import { countWhere } from '../db/list-page';

/** The month a placement counts in: its date live, else the day it was recorded. */
export const placementMonth = sql<string>`to_char(coalesce(${placements.liveAt}, ${placements.createdAt}::date), 'YYYY-MM')`;

const groups = {
  client: {
    key: sql<string | null>`${placements.clientId}::text`,
    label: sql<string>`coalesce(${clients.name}, 'No client')`,
  },
  campaign: {
    key: sql<string | null>`${placements.campaignId}::text`,
    label: sql<string>`coalesce(${campaigns.name}, 'No campaign')`,
  },
  month: { key: placementMonth, label: placementMonth },
};

/**
 * Spend and cost per link of the placements `where` selects, per client, campaign or month and per
 * currency (docs/decisions/034-clients-and-placements.md): one line per group and currency, never a
 * sum across currencies. A line counts the placements with a price that were not refunded; spend is
 * their prices' sum in minor units and cost per link that sum over their number, rounded to the minor
 * unit. `unpriced` says how many placements of `where` have no price yet. The ledger's totals and the
 * client reports (docs/decisions/039-client-reports.md) both count through here.
 */
export async function totalsOf(
  db: Database,
  where: SQL | undefined,
  groupBy: keyof typeof groups,
): Promise<PlacementTotals> {
  const group = groups[groupBy];
  const [rows, unpriced] = await Promise.all([
    db
      .select({
        key: group.key,
        label: group.label,
        currency: sql<string>`${placements.currency}`,
        links: sql<number>`count(*)::int`,
        spend: sql<string>`sum(${placements.priceMinor})::bigint`,
      })
      .from(placements)
      .leftJoin(clients, eq(clients.id, placements.clientId))
      .leftJoin(campaigns, eq(campaigns.id, placements.campaignId))
      .where(and(where, isNotNull(placements.priceMinor), ne(placements.paymentStatus, 'refunded')))
      .groupBy(group.key, group.label, placements.currency)
      .orderBy(groupBy === 'month' ? sql`1 desc` : sql`2`, sql`3`),
    countWhere(db, placements, and(where, isNull(placements.priceMinor))),
  ]);
  return {
    lines: rows.map((r) => {
      const spendMinor = Number(r.spend);
      return {
        key: r.key,
        label: r.label,
        currency: r.currency,
        links: r.links,
        spendMinor,
        costPerLinkMinor: Math.round(spendMinor / r.links),
      };
    }),
    unpriced,
  };
}
