import {
  domainEvents,
  type DomainEventPayload,
  type DomainEventType,
  type WebhookEventType,
} from '../../shared/schemas/events/catalog';
import type { EventDefinition } from '../../shared/schemas/events/define';
import type { ActivityKind } from '../../shared/schemas/activity';
import type { Db } from '../db/client';
import { writeActivityEntry, type EventActor } from './activity-entry';
import { noteProduced } from './produced';
import { publishEvent } from './publish';
import { queueWebhookEvent } from './webhook-outbox';

export type { EventActor };

/** One event as a change reports it. */
interface EmittedEvent<T extends DomainEventType> {
  type: T;
  workspaceId: string;
  /** Who made the change (the activity entry names them); null or absent for the system. */
  actor?: EventActor;
  /** The campaign it concerns, when the payload is read lazily (else its `campaignId` is taken). */
  campaignId?: string | null;
  /**
   * What happened (the event's payload schema), or a function that reads it once an output needs it:
   * a webhook event nobody subscribed to is never read. Null from the function: the subject is gone,
   * nothing but the live events goes out.
   */
  payload: DomainEventPayload<T> | (() => Promise<DomainEventPayload<T> | null>);
}

/** An event of the list (src/shared/schemas/events/catalog.ts) with its payload's type. */
export type DomainEvent = { [T in DomainEventType]: EmittedEvent<T> }[DomainEventType];

type Payload = Record<string, unknown>;

const campaignIdOf = (payload: Payload | null | undefined): string | null =>
  typeof payload?.campaignId === 'string' ? payload.campaignId : null;

/**
 * Reports a state change (docs/decisions/028-one-event-list.md). In `db` — the transaction of the
 * change, so each output exists exactly when the change does — it feeds the outputs the event's
 * definition names: writes the activity entry (announced as `activity.changed`), puts the webhook
 * event in the outbox for every subscribed endpoint (announced as `webhooks.changed`) and queues the
 * live screen events, which PostgreSQL delivers at commit (NOTIFY; none on rollback).
 * @returns the webhook event's id (the same for every endpoint), or null when no endpoint wanted it.
 * @throws ZodError when the payload does not match the event's schema: a programming error.
 */
export async function emit(db: Db, event: DomainEvent): Promise<string | null> {
  // One event of the union: its payload was typed at the call site and is parsed here.
  const definition = domainEvents[event.type] as unknown as EventDefinition;
  noteProduced(event.type);
  const given = event.payload as Payload | (() => Promise<Payload | null>);
  let read: Promise<Payload | null> | null = null;
  const payload = () =>
    (read ??= (async () => {
      const raw = typeof given === 'function' ? await given() : given;
      return raw === null ? null : (definition.payload.parse(raw) as Payload);
    })());
  const eager = typeof given === 'function' ? null : await payload();
  const { workspaceId } = event;
  const actor = event.actor ?? null;
  let campaignId = event.campaignId ?? campaignIdOf(eager);

  const { activity, webhook } = definition;
  if (activity && (actor || !activity.onlyWithActor)) {
    const facts = await payload();
    if (facts) {
      campaignId ??= campaignIdOf(facts);
      const { subject, details } = activity.facts(facts);
      await writeActivityEntry(db, {
        workspaceId,
        actor,
        kind: event.type as ActivityKind,
        campaignId,
        subject,
        details: details ?? {},
      });
      await publishEvent(db, {
        workspaceId,
        type: 'activity.changed',
        ...(campaignId ? { campaignId } : {}),
      });
    }
  }
  const webhookEventId = webhook
    ? await queueWebhookEvent(db, workspaceId, event.type as WebhookEventType, payload)
    : null;
  if (webhookEventId) await publishEvent(db, { workspaceId, type: 'webhooks.changed' });
  for (const type of definition.live)
    await publishEvent(db, { workspaceId, type, ...(campaignId ? { campaignId } : {}) });
  return webhookEventId;
}
