import { and, eq } from 'drizzle-orm';
import { campaignMessages } from '../../shared/schemas/campaigns';
import type { Database } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { AppError } from '../http/errors';

/**
 * The workspace's campaign row.
 * @throws AppError NOT_FOUND (404) when it does not exist or belongs to another workspace.
 */
export async function findOwnedCampaign(
  db: Database,
  workspaceId: string,
  id: string,
): Promise<typeof campaigns.$inferSelect> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.workspaceId, workspaceId)));
  if (!row) throw AppError.notFound(campaignMessages.notFound);
  return row;
}
