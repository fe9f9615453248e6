import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { campaigns } from '../db/schema/campaigns';

/**
 * The one owner of a campaign's counters (the figures of the campaign list and detail page): every
 * change goes through bumpCampaignCounters (an event just recorded) or a recount from the rows
 * (recountProspectCounters after prospects change, recountCampaign for all of them, which the CLI's
 * `recount` runs). Call them inside the transaction that records the event, so a counter never
 * disagrees with what it counts.
 */

export interface CampaignCounters {
  prospects: number;
  emailsSent: number;
  emailsOpened: number;
  emailsClicked: number;
  responses: number;
  successCount: number;
}

/** The counters an event moves by a known amount. */
export type CampaignCounter =
  'prospects' | 'prospectsFound' | 'emailsSent' | 'emailsOpened' | 'emailsClicked' | 'responses';

/**
 * Adds each change (a whole number, negative to take back) to the campaign's counter of that name;
 * a counter never goes below 0.
 */
export async function bumpCampaignCounters(
  db: Db,
  campaignId: string,
  changes: Partial<Record<CampaignCounter, number>>,
): Promise<void> {
  const set: Partial<Record<CampaignCounter, SQL>> = {};
  for (const [name, by] of Object.entries(changes) as [CampaignCounter, number][])
    set[name] = sql`greatest(${campaigns[name]} + ${by}, 0)`;
  if (Object.keys(set).length) await db.update(campaigns).set(set).where(eq(campaigns.id, campaignId));
}

/**
 * Recounts a campaign's prospect counters from its prospects: prospects and prospects_found (rows) and
 * success_count (status success), after prospects were added, deleted or changed status. A manual
 * campaign's target is the number of prospects listed in it (docs/decisions/017-csv-import-and-export.md),
 * so it follows the rows too, whichever way they came (the form, a CSV or backlink import, the gap).
 */
export async function recountProspectCounters(db: Db, campaignId: string): Promise<void> {
  await db.execute(sql`
    update campaigns c set
      prospects = s.total, prospects_found = s.total, success_count = s.success, updated_at = now(),
      target_prospects = case when c.type = 'manual' then s.total else c.target_prospects end
    from (
      select count(*)::int as total, count(*) filter (where status = 'success')::int as success
      from prospects where campaign_id = ${campaignId}
    ) s
    where c.id = ${campaignId}`);
}

/**
 * Recomputes all of a campaign's counters from what was recorded (docs/decisions/011-replies-history-and-domain-memory.md) and stores them: messages
 * sent, opened and clicked (automated hits never stamp a message), prospects who replied at least
 * once, prospects marked success. Running it on a healthy campaign changes nothing.
 * @returns the counters as stored, or null when there is no such campaign.
 */
export async function recountCampaign(db: Db, campaignId: string): Promise<CampaignCounters | null> {
  const [row] = await queryRows<CampaignCounters>(
    db,
    sql`update campaigns c set
          prospects = (select count(*) from prospects p where p.campaign_id = c.id),
          emails_sent = (select count(*) from outreach_messages m where m.campaign_id = c.id and m.status = 'sent'),
          emails_opened = (select count(*) from outreach_messages m where m.campaign_id = c.id and m.opened_at is not null),
          emails_clicked = (select count(*) from outreach_messages m where m.campaign_id = c.id and m.clicked_at is not null),
          responses = (select count(distinct i.prospect_id) from inbound_messages i
                       join prospects p on p.id = i.prospect_id where p.campaign_id = c.id and i.kind = 'reply'),
          success_count = (select count(*) from prospects p where p.campaign_id = c.id and p.status = 'success')
        where c.id = ${campaignId}
        returning prospects, emails_sent as "emailsSent", emails_opened as "emailsOpened",
          emails_clicked as "emailsClicked", responses, success_count as "successCount"`,
  );
  return row ?? null;
}
