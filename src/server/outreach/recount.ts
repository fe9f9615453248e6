import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';

export interface CampaignCounters {
  prospects: number;
  emailsSent: number;
  emailsOpened: number;
  emailsClicked: number;
  responses: number;
  successCount: number;
}

/**
 * Recomputes a campaign's counters from what was recorded (issue 7 §6) and stores them: messages
 * sent, opened and clicked (automated hits never stamp a message), prospects who replied at least
 * once, prospects marked success. Running it on a healthy campaign changes nothing.
 * @returns the counters as stored, or null when there is no such campaign.
 */
export async function recountCampaign(db: Database, campaignId: string): Promise<CampaignCounters | null> {
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
