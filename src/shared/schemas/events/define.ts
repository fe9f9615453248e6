import type { z } from 'zod';
import type { LiveEventType } from '../live-events';

/** The facts an activity entry keeps besides its kind: what it was about and kind-specific details. */
export interface ActivityFacts {
  /** What the change was about, as it is named now (a campaign's name, a website, an address). */
  subject: string;
  details?: Record<string, string | number>;
}

/**
 * One domain event of the list (docs/decisions/028-one-event-list.md): its payload and the outputs
 * it feeds. `emit(tx, event)` (src/server/events/emit.ts) reads this and nothing else.
 */
export interface EventDefinition<S extends z.ZodType = z.ZodType> {
  /** What the event says happened: ids and the few facts its outputs need (zod-validated at emit). */
  payload: S;
  /** How a person names it (the activity filter, the webhook form). */
  label: string;
  /** The live screen events announced to the workspace's open pages (NOTIFY at commit). */
  live: readonly LiveEventType[];
  /** The activity entry it writes; absent: none. */
  activity?: {
    facts: (payload: z.output<S>) => ActivityFacts;
    /** How the log reads a stored entry after the actor's name ("created the campaign Bikes"). */
    sentence: (entry: Required<ActivityFacts>) => string;
    /** Only a change a member (or their API key) made is logged, not the same change by the system. */
    onlyWithActor?: boolean;
  };
  /** A webhook event of the same name (docs/product.md#webhooks); absent: none. */
  webhook?: {
    /** When it is sent, as the catalogue of docs/product.md states it. */
    when: string;
  };
}

/**
 * Keeps each definition's exact type: its payload's, and which outputs it has (the activity kinds and
 * webhook types are read from that at compile time as well as at run time).
 */
export function defineEvent<S extends z.ZodType, const D extends Omit<EventDefinition<S>, 'payload'>>(
  definition: { payload: S } & D,
): { payload: S } & D {
  return definition;
}

/** "1 prospect", "3 prospects". */
export function plural(count: string | number, noun: string): string {
  return `${count} ${noun}${count === 1 || count === '1' ? '' : 's'}`;
}
