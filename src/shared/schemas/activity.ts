import { z } from 'zod';
import { activityEventTypes, domainEvents, type ActivityEventType } from './events/catalog';

/**
 * What the activity log records (docs/product.md#roles, docs/decisions/023-workspaces-and-roles.md):
 * the domain events that write an entry (src/shared/schemas/events/catalog.ts).
 */
export const activityKinds = activityEventTypes;
export const activityKindSchema = z.enum(activityKinds);
export type ActivityKind = ActivityEventType;

/** How the log names each kind (its filter's options). */
export const activityKindLabels = Object.fromEntries(
  activityKinds.map((kind) => [kind, domainEvents[kind].label]),
) as Record<ActivityKind, string>;

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
  return domainEvents[entry.kind].activity.sentence({ subject: entry.subject, details: entry.details });
}
