import { sql } from 'drizzle-orm';
import { compareVariants, wilsonInterval } from '../../../shared/variant-stats';
import { asStepCondition, sentVariantLabel, stepConditions } from '../../../shared/step-conditions';
import type { VariantStats, VariantStatsRow } from '../../../shared/schemas/variant-stats';
import { findOwnedCampaign } from '../../campaigns/find';
import { queryRows, type Database } from '../../db/client';
import type { StepBranch } from '../../db/schema/sequences';

interface CountRow {
  step_number: number;
  branch: string | null;
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
  branches: StepBranch[] | null;
  winner_variant_id: string | null;
}

/**
 * The campaign's sent messages counted per step, condition set (decision 045: the follow-up's
 * variants for prospects who clicked, opened without replying or did not open; null the step's
 * default) and variant in one query (decision 043): sent;
 * bounced (any bounce but a delay) and delivered = sent − bounced; opened by a person (the first
 * human open sets `opened_at`) and opened only by scanners (automated hits, set apart); clicked;
 * replied (a reply matched to the message); won (the prospect is Success or has a placement) and
 * unsubscribed (the address is suppressed as unsubscribed), both counted on the prospect's last sent
 * message. Rates carry a 95 % Wilson interval; in each step and set the two variants with the most sends are
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
          select m.id, m.prospect_id, m.step_number, m.branch, m.variant_id, m.opened_at, m.clicked_at, m.to_email,
                 m.id = (select l.id from outreach_messages l
                          where l.prospect_id = m.prospect_id and l.campaign_id = m.campaign_id and l.sent_at is not null
                          order by l.sent_at desc, l.step_number desc limit 1) as last
            from outreach_messages m
           where m.workspace_id = ${workspaceId} and m.campaign_id = ${campaignId} and m.sent_at is not null
        )
        select s.step_number, s.branch, s.variant_id,
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
               (select st.branches from email_sequence_steps st
                 where st.sequence_id = ${campaign.sequenceId} and st.step_number = s.step_number) as branches,
               (select st.winner_variant_id from email_sequence_steps st
                 where st.sequence_id = ${campaign.sequenceId} and st.step_number = s.step_number) as winner_variant_id
          from sent s
          join prospects p on p.id = s.prospect_id
         group by s.step_number, s.branch, s.variant_id
         order by s.step_number, s.variant_id nulls first`,
  );
  const labelOf = (c: CountRow) =>
    sentVariantLabel(
      c.variants ? { variants: c.variants, branches: c.branches ?? [] } : null,
      asStepCondition(c.branch),
      c.variant_id,
    );
  // In the step's order: the default set (single version, then A, B, … as the step lists them now,
  // removed ones last), then each condition set in the editor's order.
  const rank = (c: CountRow) => {
    const set = c.branch === null ? -1 : stepConditions.indexOf(asStepCondition(c.branch) ?? 'not_opened');
    const label = labelOf(c);
    const place = c.variant_id === null ? -1 : label ? label.charCodeAt(0) : Number.MAX_SAFE_INTEGER;
    return [set, place] as const;
  };
  counts.sort((x, y) => {
    const [xs, xp] = rank(x);
    const [ys, yp] = rank(y);
    return x.step_number - y.step_number || xs - ys || xp - yp;
  });
  const rows: VariantStatsRow[] = counts.map((c) => {
    const of = (count: number) => ({
      count,
      rate: c.sent > 0 ? count / c.sent : 0,
      ...wilsonInterval(count, c.sent),
    });
    const branch = asStepCondition(c.branch);
    return {
      stepNumber: c.step_number,
      branch,
      variantId: c.variant_id,
      label: labelOf(c),
      // The auto-winner chooses among the step's default variants only.
      winner: branch === null && c.variant_id !== null && c.variant_id === c.winner_variant_id,
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
  const sets = [...new Map(rows.map((r) => [`${r.stepNumber}:${r.branch}`, r] as const)).values()];
  const comparisons = sets.flatMap(({ stepNumber, branch }) => {
    const ofSet = rows.filter((r) => r.stepNumber === stepNumber && r.branch === branch);
    const top = [...ofSet].sort((x, y) => y.sent - x.sent).slice(0, 2);
    // The two with the most sends, named in the table's order.
    const [a, b] = ofSet.filter((r) => top.includes(r));
    if (!a || !b) return [];
    return [
      {
        stepNumber,
        branch,
        variantIds: [a.variantId, b.variantId] as [string | null, string | null],
        labels: [a.label, b.label] as [string | null, string | null],
        ...compareVariants(a.replied.count, a.sent, b.replied.count, b.sent),
      },
    ];
  });
  return { rows, comparisons };
}
