import type { ActivityKind } from '../../shared/schemas/activity';
import type { Actor } from '../auth/workspaces';
import type { Db } from '../db/client';
import { activity } from '../db/schema/activity';

/** Who made a change: a member, in the app or through one of their API keys; null for the system. */
export type EventActor = Pick<Actor, 'userId' | 'apiKeyId'> | null;

/** One entry of the activity log, as emit derives it from an event (src/shared/schemas/events/catalog.ts). */
export interface ActivityRecord {
  workspaceId: string;
  /** The entry names the API key when the change came through one (docs/decisions/025-public-api-and-webhooks.md). */
  actor: EventActor;
  kind: ActivityKind;
  campaignId: string | null;
  subject: string;
  details: Record<string, string | number>;
}

/**
 * Writes an activity entry (docs/decisions/023-workspaces-and-roles.md, "Activity log") with `db`,
 * the transaction of the change it records, so the entry exists exactly when the change does.
 * Only emit (./emit.ts) calls it, which also announces the entry.
 */
export async function writeActivityEntry(db: Db, entry: ActivityRecord): Promise<void> {
  const { actor, ...rest } = entry;
  await db
    .insert(activity)
    .values({ ...rest, actorId: actor?.userId ?? null, apiKeyId: actor?.apiKeyId ?? null });
}
