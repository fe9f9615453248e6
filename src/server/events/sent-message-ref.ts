import { sql } from 'drizzle-orm';
import type { SentMessageRef } from '../../shared/schemas/events/catalog';
import { asStepCondition, sentVariantLabel } from '../../shared/step-conditions';
import { queryRows, type Db } from '../db/client';
import type { StepBranch, StepVariant } from '../db/schema/sequences';

/**
 * The outreach message an event is about, as its payload names it (S in docs/product.md#webhooks):
 * id, step, the variant it sent with its label in the step now, and the condition set it came
 * from (docs/decisions/045-conditional-follow-ups.md). Every field null when the message is gone.
 */
export async function sentMessageRef(db: Db, messageId: string): Promise<SentMessageRef> {
  const [row] = await queryRows<{
    id: string;
    step_number: number;
    variant_id: string | null;
    branch: string | null;
    variants: StepVariant[] | null;
    branches: StepBranch[] | null;
  }>(
    db,
    sql`select m.id, m.step_number, m.variant_id, m.branch, s.variants, s.branches
          from outreach_messages m
          join enrollments e on e.id = m.enrollment_id
          left join email_sequence_steps s on s.sequence_id = e.sequence_id and s.step_number = m.step_number
         where m.id = ${messageId}`,
  );
  if (!row)
    return { outreachMessageId: null, stepNumber: null, variantId: null, variantLabel: null, branch: null };
  const branch = asStepCondition(row.branch);
  return {
    outreachMessageId: row.id,
    stepNumber: row.step_number,
    variantId: row.variant_id,
    variantLabel: sentVariantLabel(
      row.variants ? { variants: row.variants, branches: row.branches ?? [] } : null,
      branch,
      row.variant_id,
    ),
    branch,
  };
}
