import type { ActivityKind } from '../../shared/schemas/activity';
import type { Actor } from '../auth/workspaces';
import type { Db } from '../db/client';
import { activity } from '../db/schema/activity';
import { publishEvent } from '../events/publish';

/** One entry of the activity log, as the code that made the change describes it. */
export interface ActivityRecord {
  workspaceId: string;
  /**
   * Who acted: a member, in the app or through one of their API keys (the entry then names the
   * key: docs/decisions/025-public-api-and-webhooks.md); null for the system.
   */
  actor: Pick<Actor, 'userId' | 'apiKeyId'> | null;
  kind: ActivityKind;
  campaignId?: string | null;
  /** What it was about, as it is named now (a campaign's name, a website, an address). */
  subject: string;
  details?: Record<string, string | number>;
}

/**
 * Writes an activity entry (docs/decisions/023-workspaces-and-roles.md, "Activity log") and
 * announces it to the workspace's open pages. Give it the transaction of the change it records, so
 * the entry exists exactly when the change does (and the announcement arrives at its commit).
 */
export async function recordActivity(db: Db, entry: ActivityRecord): Promise<void> {
  const { actor, ...rest } = entry;
  const campaignId = entry.campaignId ?? null;
  await db.insert(activity).values({
    ...rest,
    actorId: actor?.userId ?? null,
    apiKeyId: actor?.apiKeyId ?? null,
    campaignId,
    details: entry.details ?? {},
  });
  await publishEvent(db, {
    workspaceId: entry.workspaceId,
    type: 'activity.changed',
    ...(campaignId ? { campaignId } : {}),
  });
}
