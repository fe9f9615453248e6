import { and, eq, sql } from 'drizzle-orm';
import { messagePlaceholderValues, renderPlaceholders } from '../../../shared/placeholders';
import { spinFor } from '../../../shared/step-render';
import type { StepPreview, StepPreviewInput } from '../../../shared/schemas/outreach';
import type { Database } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { prospects } from '../../db/schema/prospects';
import { users } from '../../db/schema/users';
import { workspaces } from '../../db/schema/workspaces';
import { AppError } from '../../http/errors';

/**
 * Renders a step (as the editor holds it, saved or not) for one of the user's prospects with the
 * values the sending engine would use; `missing` lists the placeholders left unfilled, which would
 * flag the step for that prospect instead of sending it (docs/decisions/009-outreach-sending.md).
 * @throws AppError NOT_FOUND for another user's prospect.
 */
export async function previewStep(
  db: Database,
  workspaceId: string,
  input: StepPreviewInput,
): Promise<StepPreview> {
  const [row] = await db
    .select({
      website: prospects.website,
      contactName: prospects.contactName,
      contactEmail: prospects.contactEmail,
      customFields: prospects.customFields,
      campaignWebsite: campaigns.websiteUrl,
      yourName: sql<string>`coalesce(${users.name}, ${workspaces.name})`,
    })
    .from(prospects)
    .innerJoin(campaigns, eq(campaigns.id, prospects.campaignId))
    .innerJoin(workspaces, eq(workspaces.id, prospects.workspaceId))
    .leftJoin(users, eq(users.id, campaigns.ownerId))
    .where(and(eq(prospects.id, input.prospectId), eq(prospects.workspaceId, workspaceId)));
  if (!row) throw AppError.notFound('Prospect not found');
  const values = messagePlaceholderValues(row, {
    yourName: row.yourName,
    campaignWebsite: row.campaignWebsite,
  });
  // Spun with the prospect's seed for this step: the words the engine would send (decision 043).
  const subject = renderPlaceholders(
    spinFor(input.subject, input.prospectId, input.stepNumber, 'subject'),
    values,
  );
  const content = renderPlaceholders(
    spinFor(input.content, input.prospectId, input.stepNumber, 'body'),
    values,
  );
  return {
    subject: subject.text,
    content: content.text,
    missing: [...new Set([...subject.missing, ...content.missing])],
  };
}
