import { sql } from 'drizzle-orm';
import type { LiveEvent } from '../../shared/schemas/live-events';
import type { Db } from '../db/client';

/** The PostgreSQL NOTIFY channel every process publishes to and every web process listens on. */
export const EVENTS_CHANNEL = 'linkpilot_events';

/** An event as it travels between processes: the browser's event plus the workspace it belongs to. */
export interface PublishedEvent extends LiveEvent {
  workspaceId: string;
}

/**
 * Announces a change to the user's open pages (docs/decisions/019-live-updates.md): `pg_notify` on
 * EVENTS_CHANNEL with `{workspaceId, type, campaignId?}` as JSON (about 130 bytes, far below NOTIFY's
 * 8000-byte limit: ids only, the page reads the data itself). Inside a transaction PostgreSQL
 * delivers it at commit, and not at all on rollback, so a page never refetches before the change
 * is visible; identical events of one transaction arrive once.
 */
export async function publishEvent(db: Db, event: PublishedEvent): Promise<void> {
  const payload: PublishedEvent = { workspaceId: event.workspaceId, type: event.type };
  if (event.campaignId) payload.campaignId = event.campaignId;
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(payload)})`);
}
