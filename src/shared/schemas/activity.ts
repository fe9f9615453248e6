import { z } from 'zod';

/** What the activity log records (docs/product.md#roles, docs/decisions/023-workspaces-and-roles.md). */
export const activityKinds = [
  'campaign.created',
  'campaign.deleted',
  'campaign.status_changed',
  'prospects.imported',
  'prospects.found',
  'prospect.deleted',
  'prospect.status_changed',
  'sequence.changed',
  'outreach.started',
  'mailbox.connected',
  'mailbox.disconnected',
  'mailbox.paused',
  'mailbox.resumed',
  'member.invited',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'export.downloaded',
  'api_key.created',
  'api_key.revoked',
  'webhook.created',
  'webhook.deleted',
  'placement.created',
  'placement.changed',
  'client.created',
  'client.deleted',
] as const;
export const activityKindSchema = z.enum(activityKinds);
export type ActivityKind = z.infer<typeof activityKindSchema>;

/** How the log names each kind (its filter's options). */
export const activityKindLabels: Record<ActivityKind, string> = {
  'campaign.created': 'Campaign created',
  'campaign.deleted': 'Campaign deleted',
  'campaign.status_changed': 'Campaign status changed',
  'prospects.imported': 'Prospects added',
  'prospects.found': 'Prospects found',
  'prospect.deleted': 'Prospect deleted',
  'prospect.status_changed': 'Prospect status changed',
  'sequence.changed': 'Sequence changed',
  'outreach.started': 'Outreach started',
  'mailbox.connected': 'Mailbox connected',
  'mailbox.disconnected': 'Mailbox disconnected',
  'mailbox.paused': 'Mailbox paused',
  'mailbox.resumed': 'Mailbox resumed',
  'member.invited': 'Member invited',
  'member.joined': 'Member joined',
  'member.role_changed': 'Role changed',
  'member.removed': 'Member removed',
  'export.downloaded': 'Export downloaded',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'webhook.created': 'Webhook created',
  'webhook.deleted': 'Webhook deleted',
  'placement.created': 'Placement created',
  'placement.changed': 'Placement changed',
  'client.created': 'Client created',
  'client.deleted': 'Client deleted',
};

/** One entry of the log as the API lists it. */
export const activityEntrySchema = z.object({
  id: z.string(),
  kind: activityKindSchema,
  /** The member's name; null for the system or a member who left the install. */
  actor: z.string().nullable(),
  actorId: z.string().nullable(),
  /** The name of the API key the change came through ("via API key …"); null in the app. */
  apiKey: z.string().nullable(),
  campaignId: z.string().nullable(),
  subject: z.string(),
  details: z.record(z.string(), z.union([z.string(), z.number()])),
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** `GET /api/activity` query: filters and the keyset cursor of the next page. */
export const activityQuerySchema = z.strictObject({
  member: z.uuid().optional(),
  kind: activityKindSchema.optional(),
  campaignId: z.uuid().optional(),
  cursor: z.string().max(200).optional(),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** A page of the log, newest first; `nextCursor` null on the last page. */
export const activityPageSchema = z.object({
  items: z.array(activityEntrySchema),
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** The sentence an entry reads as, after the actor's name ("created the campaign Bikes"). */
export function activitySentence(entry: Pick<ActivityEntry, 'kind' | 'subject' | 'details'>): string {
  const d = entry.details;
  switch (entry.kind) {
    case 'campaign.created':
      return `created the campaign ${entry.subject}`;
    case 'campaign.deleted':
      return `deleted the campaign ${entry.subject}`;
    case 'campaign.status_changed':
      return `moved the campaign ${entry.subject} from ${d.from} to ${d.to}`;
    case 'prospects.imported':
      return `added ${d.count} prospect${d.count === 1 ? '' : 's'} to ${entry.subject}`;
    case 'prospects.found':
      return `found ${d.count} prospect${d.count === 1 ? '' : 's'} for ${entry.subject}`;
    case 'prospect.deleted':
      return `deleted the prospect ${entry.subject}`;
    case 'prospect.status_changed':
      return `marked ${entry.subject} ${d.to}`;
    case 'sequence.changed':
      return `changed the sequence ${entry.subject}`;
    case 'outreach.started':
      return `started outreach to ${d.count} prospect${d.count === 1 ? '' : 's'} of ${entry.subject}`;
    case 'mailbox.connected':
      return `connected the mailbox ${entry.subject}`;
    case 'mailbox.disconnected':
      return `disconnected the mailbox ${entry.subject}`;
    case 'mailbox.paused':
      return `paused the mailbox ${entry.subject}`;
    case 'mailbox.resumed':
      return `resumed the mailbox ${entry.subject}`;
    case 'member.invited':
      return `invited ${entry.subject} as ${d.role}`;
    case 'member.joined':
      return `joined as ${d.role}`;
    case 'member.role_changed':
      return `gave ${entry.subject} ${d.role}`;
    case 'member.removed':
      return `removed ${entry.subject}`;
    case 'export.downloaded':
      return `downloaded the contacts export ${entry.subject}`;
    case 'api_key.created':
      return `created the API key ${entry.subject}`;
    case 'api_key.revoked':
      return `revoked the API key ${entry.subject}`;
    case 'webhook.created':
      return `added the webhook ${entry.subject}`;
    case 'webhook.deleted':
      return `deleted the webhook ${entry.subject}`;
    case 'placement.created':
      return `recorded the placement on ${entry.subject}`;
    case 'placement.changed':
      return `changed the placement on ${entry.subject}`;
    case 'client.created':
      return `added the client ${entry.subject}`;
    case 'client.deleted':
      return `deleted the client ${entry.subject}`;
  }
}
