import { defaultInboxLabels } from '../../shared/schemas/inbox';
import type { Db } from './client';
import { inboxLabels } from './schema/inbox';

/**
 * Gives a new workspace the inbox's default labels (`defaultInboxLabels`, docs/product.md#inbox),
 * in their order; members may rename, re-point or delete them afterwards.
 */
export async function seedInboxLabels(db: Db, workspaceId: string): Promise<void> {
  await db
    .insert(inboxLabels)
    .values(defaultInboxLabels.map((label, position) => ({ ...label, workspaceId, position })));
}
