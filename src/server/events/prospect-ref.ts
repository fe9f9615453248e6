import { eq } from 'drizzle-orm';
import type { ProspectRef } from '../../shared/schemas/events/catalog';
import type { Db } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { prospects } from '../db/schema/prospects';

/**
 * The prospect an event is about, as its payload names it: ids, website, contact address, the
 * campaign's name and the custom field values (P in docs/product.md#webhooks). Null when the prospect no longer exists.
 */
export async function prospectRef(db: Db, prospectId: string): Promise<ProspectRef | null> {
  const [row] = await db
    .select({
      prospectId: prospects.id,
      campaignId: prospects.campaignId,
      campaignName: campaigns.name,
      website: prospects.website,
      email: prospects.contactEmail,
      customFields: prospects.customFields,
    })
    .from(prospects)
    .innerJoin(campaigns, eq(campaigns.id, prospects.campaignId))
    .where(eq(prospects.id, prospectId));
  return row ?? null;
}
