import { sql } from 'drizzle-orm';
import { asStepCondition, sentVariantLabel, sentVariantName } from '../../../shared/step-conditions';
import { queryRows, type Database } from '../../db/client';
import type { StepBranch, StepVariant } from '../../db/schema/sequences';

/**
 * The variant each prospect was sent per step, for the contacts export's "Step N Variant" columns
 * (docs/decisions/045-conditional-follow-ups.md): for every sent message of the prospects (one per
 * step: a prospect is enrolled once), its variant named as `sentVariantName` does ("B",
 * "Clicked · A", "Single version", "Removed variant"), labelled by its place in the step now.
 * @returns per prospect id, the names by step (index 0 is step 1; null where nothing was sent).
 */
export async function sentVariantsOf(
  db: Database,
  workspaceId: string,
  prospectIds: readonly string[],
): Promise<Map<string, (string | null)[]>> {
  const byProspect = new Map<string, (string | null)[]>();
  if (prospectIds.length === 0) return byProspect;
  const rows = await queryRows<{
    prospect_id: string;
    step_number: number;
    branch: string | null;
    variant_id: string | null;
    variants: StepVariant[] | null;
    branches: StepBranch[] | null;
  }>(
    db,
    sql`select m.prospect_id, m.step_number, m.branch, m.variant_id, s.variants, s.branches
          from outreach_messages m
          join enrollments e on e.id = m.enrollment_id
          left join email_sequence_steps s on s.sequence_id = e.sequence_id and s.step_number = m.step_number
         where m.workspace_id = ${workspaceId} and m.sent_at is not null
           and m.prospect_id in (${sql.join(
             prospectIds.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})`,
  );
  for (const r of rows) {
    const branch = asStepCondition(r.branch);
    const label = sentVariantLabel(
      r.variants ? { variants: r.variants, branches: r.branches ?? [] } : null,
      branch,
      r.variant_id,
    );
    const steps = byProspect.get(r.prospect_id) ?? [];
    steps[r.step_number - 1] = sentVariantName(branch, r.variant_id, label);
    byProspect.set(r.prospect_id, steps);
  }
  return byProspect;
}
