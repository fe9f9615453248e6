import { and, eq, isNull, sql } from 'drizzle-orm';
import { compareVariants } from '../../../shared/variant-stats';
import { variantLabel } from '../../../shared/variants';
import { queryRows, type Db } from '../../db/client';
import { emailSequences, emailSequenceSteps, type StepVariant } from '../../db/schema/sequences';
import { emit } from '../../events/emit';

/** A step as the auto-winner reads it. */
export interface AutoWinnerStep {
  id: string;
  sequenceId: string;
  workspaceId: string;
  stepNumber: number;
  variants: StepVariant[];
  autoWinnerAfter: number | null;
  winnerVariantId: string | null;
}

/**
 * The variant every further send of the step uses, when the step's auto-winner has one
 * (docs/decisions/043-sequence-variants-and-spintax.md): the one stored, or — once every variant has
 * `autoWinnerAfter` sends and the two best reply rates differ at α 0.05 (two-proportion z-test) —
 * the better of those two, stored on the step and announced as `sequence.variant_winner_chosen`
 * (activity), with `now` as when it was chosen. Replies count when matched to the message. Only the
 * step's default variants take part: a follow-up's condition sets split by weight (decision 045).
 * Null while there is none (or it is off).
 */
export async function autoWinner(tx: Db, step: AutoWinnerStep, now: Date): Promise<string | null> {
  if (step.winnerVariantId && step.variants.some((v) => v.id === step.winnerVariantId))
    return step.winnerVariantId;
  if (step.autoWinnerAfter === null || step.variants.length < 2) return null;
  const ids = step.variants.map((v) => v.id);
  const counts = await queryRows<{ variant_id: string; sent: number; replied: number }>(
    tx,
    sql`select m.variant_id, count(*)::int as sent,
               count(*) filter (where exists (select 1 from inbound_messages i
                                 where i.outreach_message_id = m.id and i.kind = 'reply'))::int as replied
          from outreach_messages m
         where m.workspace_id = ${step.workspaceId} and m.step_number = ${step.stepNumber}
           and m.sent_at is not null and m.variant_id in (${sql.join(
             ids.map((id) => sql`${id}`),
             sql`, `,
           )})
         group by m.variant_id`,
  );
  const of = (id: string) =>
    counts.find((c) => c.variant_id === id) ?? { variant_id: id, sent: 0, replied: 0 };
  const all = ids.map(of);
  if (all.some((c) => c.sent < step.autoWinnerAfter!)) return null;
  const [best, second] = [...all].sort((a, b) => b.replied / b.sent - a.replied / a.sent);
  const test = compareVariants(best!.replied, best!.sent, second!.replied, second!.sent);
  if (!test.significant || test.pValue === null) return null;
  const [chosen] = await tx
    .update(emailSequenceSteps)
    .set({ winnerVariantId: best!.variant_id, winnerChosenAt: now })
    .where(and(eq(emailSequenceSteps.id, step.id), isNull(emailSequenceSteps.winnerVariantId)))
    .returning({ id: emailSequenceSteps.id });
  if (chosen) {
    const [sequence] = await tx
      .select({ name: emailSequences.name })
      .from(emailSequences)
      .where(eq(emailSequences.id, step.sequenceId));
    await emit(tx, {
      type: 'sequence.variant_winner_chosen',
      workspaceId: step.workspaceId,
      payload: {
        sequenceId: step.sequenceId,
        name: sequence?.name ?? '',
        stepNumber: step.stepNumber,
        variantId: best!.variant_id,
        label: variantLabel(ids.indexOf(best!.variant_id)),
        pValue: test.pValue,
      },
    });
  }
  return best!.variant_id;
}
