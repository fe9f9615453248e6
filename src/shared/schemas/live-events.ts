import { z } from 'zod';

/**
 * What changed, as the server announces it on GET /api/events (docs/decisions/019-live-updates.md).
 * Campaign-scoped types carry the campaign's id; `notifications.changed` and `mailboxes.changed`
 * concern the whole user.
 */
export const liveEventTypes = [
  'prospects.changed',
  'outreach.changed',
  'inbound.applied',
  'discovery.progress',
  'discovery.finished',
  'live-links.changed',
  'notifications.changed',
  'mailboxes.changed',
  /** A new activity log entry (docs/decisions/023-workspaces-and-roles.md); carries its campaign when it has one. */
  'activity.changed',
  /** A conversation of the inbox changed: a new message, an answer, read state, label, assignee, reminder (docs/decisions/024-inbox.md). */
  'inbox.changed',
  /** A webhook endpoint or one of its deliveries changed (docs/product.md#webhooks). */
  'webhooks.changed',
  /** A placement or client changed (docs/decisions/034-clients-and-placements.md). */
  'placements.changed',
  /** A report's share link, schedule or the workspace's report branding changed (docs/decisions/039-client-reports.md). */
  'reports.changed',
  /** A replacement claim opened, moved or got a hint (docs/decisions/038-warranty-claims.md). */
  'claims.changed',
] as const;

export type LiveEventType = (typeof liveEventTypes)[number];

/** One event as a browser receives it: the type and, for campaign events, the campaign. Ids only, never data. */
export const liveEventSchema = z.object({
  type: z.enum(liveEventTypes),
  campaignId: z.uuid().optional(),
});

export type LiveEvent = z.infer<typeof liveEventSchema>;
