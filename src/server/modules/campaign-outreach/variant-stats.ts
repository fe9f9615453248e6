import { sql } from 'drizzle-orm';
import { compareVariants, wilsonInterval } from '../../../shared/variant-stats';
import { variantLabel } from '../../../shared/variants';
import type { VariantStats, VariantStatsRow } from '../../../shared/schemas/variant-stats';
import { findOwnedCampaign } from '../../campaigns/find';
import { queryRows, type Database } from '../../db/client';

interface CountRow {
  step_number: number;
  variant_id: string | null;
  sent: number;
  bounced: number;
  opened: number;
  scanner_opened: number;
  clicked: number;
  replied: number;
  won: number;
  unsubscribed: number;
  variants: { id: string }[] | null;
  winner_variant_id: string | null;
}

/**
 * The campaign's sent messages counted per step and variant in one query (decision 043): sent;
 * bounced (any bounce but a delay) and delivered = sent − bounced; opened by a person (the first
 * human open sets `opened_at`) and opened only by scanners (automated hits, set apart); clicked;
 * replied (a reply matched to the message); won (the prospect is Success or has a placement) and
 * unsubscribed (the address is suppressed as unsubscribed), both counted on the prospect's last sent
 * message. Rates carry a 95 % Wilson interval; in each step the two variants with the most sends are
 * compared on replies (two-proportion z-test, and the sends it would take).
 * @throws AppError NOT_FOUND when the campaign is not the workspace's.
 */
export async function variantStats(
  db: Database,
  workspaceId: string,
  campaignId: string,
): Promise<VariantStats> {
  const campaign = await findOwnedCampaign(db, workspaceId, campaignId);
  const counts = await queryRows<CountRow>(
    db,
    sql`with sent as (
          select m.id, m.prospect_id, m.step_number, m.variant_id, m.opened_at, m.clicked_at, m.to_email,
                 m.id = (select l.id from outreach_messages l
                          where l.prospect_id = m.prospect_id and l.campaign_id = m.campaign_id and l.sent_at is not null
                          order by l.sent_at desc, l.step_number desc limit 1) as last
            from outreach_messages m
           where m.workspace_id = ${workspaceId} and m.campaign_id = ${campaignId} and m.sent_at is not null
        )
        select s.step_number, s.variant_id,
               count(*)::int as sent,
               count(*) filter (where exists (select 1 from inbound_messages i where i.outreach_message_id = s.id
                                  and i.kind = 'bounce' and i.bounce_type is distinct from 'delay'))::int as bounced,
               count(*) filter (where s.opened_at is not null)::int as opened,
               count(*) filter (where s.opened_at is null and exists (select 1 from tracking_events t
                                  where t.message_id = s.id and t.type = 'open' and t.automated))::int as scanner_opened,
               count(*) filter (where s.clicked_at is not null)::int as clicked,
               count(*) filter (where exists (select 1 from inbound_messages i where i.outreach_message_id = s.id
                                  and i.kind = 'reply'))::int as replied,
               count(*) filter (where s.last and (p.status = 'success'
                                  or exists (select 1 from placements pl where pl.prospect_id = s.prospect_id)))::int as won,
               count(*) filter (where s.last and exists (select 1 from suppressions x where x.workspace_id = ${workspaceId}
                                  and x.email = s.to_email and x.reason = 'unsubscribe'))::int as unsubscribed,
               (select st.variants from email_sequence_steps st
                 where st.sequence_id = ${campaign.sequenceId} and st.step_number = s.step_number) as variants,
               (select st.winner_variant_id from email_sequence_steps st
                 where st.sequence_id = ${campaign.sequenceId} and st.step_number = s.step_number) as winner_variant_id
          from sent s
          join prospects p on p.id = s.prospect_id
         group by s.step_number, s.variant_id
         order by s.step_number, s.variant_id nulls first`,
  );
  // In the step's order: the single version, then A, B, … as the step lists them now, removed ones last.
  const rank = (c: CountRow) => {
    if (c.variant_id === null) return -1;
    const i = c.variants?.findIndex((v) => v.id === c.variant_id) ?? -1;
    return i >= 0 ? i : Number.MAX_SAFE_INTEGER;
  };
  counts.sort((x, y) => x.step_number - y.step_number || rank(x) - rank(y));
  const rows: VariantStatsRow[] = counts.map((c) => {
    const position = c.variants?.findIndex((v) => v.id === c.variant_id) ?? -1;
    const of = (count: number) => ({
      count,
      rate: c.sent > 0 ? count / c.sent : 0,
      ...wilsonInterval(count, c.sent),
    });
    return {
      stepNumber: c.step_number,
      variantId: c.variant_id,
      label: c.variant_id === null ? null : position >= 0 ? variantLabel(position) : null,
      winner: c.variant_id !== null && c.variant_id === c.winner_variant_id,
      sent: c.sent,
      delivered: of(c.sent - c.bounced),
      opened: of(c.opened),
      scannerOpened: c.scanner_opened,
      clicked: of(c.clicked),
      replied: of(c.replied),
      won: of(c.won),
      bounced: of(c.bounced),
      unsubscribed: of(c.unsubscribed),
    };
  });
  const comparisons = [...new Set(rows.map((r) => r.stepNumber))].flatMap((step) => {
    const ofStep = rows.filter((r) => r.stepNumber === step);
    const top = [...ofStep].sort((x, y) => y.sent - x.sent).slice(0, 2);
    // The two with the most sends, named in the table's order.
    const [a, b] = ofStep.filter((r) => top.includes(r));
    if (!a || !b) return [];
    return [
      {
        stepNumber: step,
        variantIds: [a.variantId, b.variantId] as [string | null, string | null],
        labels: [a.label, b.label] as [string | null, string | null],
        ...compareVariants(a.replied.count, a.sent, b.replied.count, b.sent),
      },
    ];
  });
  return { rows, comparisons };
}
