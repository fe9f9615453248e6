import pg from 'pg';
import { liveEventSchema, type LiveEvent } from '../../shared/schemas/live-events';
import type { DatabaseHandle } from '../db/client';
import { EVENTS_CHANNEL } from './publish';
import { processLogger } from '../observability/log';

/** One open page's interest in its user's events. */
export interface EventSubscriber {
  workspaceId: string;
  /** An event for this user, as the browser receives it (no workspaceId). */
  onEvent(event: LiveEvent): void;
  /** The LISTEN connection dropped: events may have been missed, so the page must refetch. */
  onLost(): void;
}

/** The web process's one LISTEN connection, fanning events out to its subscribers. */
export interface EventHub {
  /** Adds a subscriber; returns its removal. */
  subscribe(subscriber: EventSubscriber): () => void;
  close(): Promise<void>;
}

/** How long a lost PostgreSQL LISTEN connection waits before it connects again (ms). */
const RECONNECT_MS = 2_000;

/**
 * Starts listening on EVENTS_CHANNEL (docs/decisions/019-live-updates.md) through one dedicated
 * client outside the pool (a pooled connection would lose the LISTEN when returned). A payload that is not a valid event is ignored. When the
 * PostgreSQL connection drops, every subscriber is told (`onLost`) and the hub connects again.
 */
export async function listenForEvents(handle: DatabaseHandle): Promise<EventHub> {
  const subscribers = new Set<EventSubscriber>();
  const deliver = (payload: string) => {
    const event = parseEvent(payload);
    if (!event) return;
    const { workspaceId, ...forBrowser } = event;
    for (const s of subscribers) if (s.workspaceId === workspaceId) s.onEvent(forBrowser);
  };
  const subscribe = (subscriber: EventSubscriber) => {
    subscribers.add(subscriber);
    return () => void subscribers.delete(subscriber);
  };

  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: handle.connectionString });
    next.on('notification', (message) => {
      if (message.channel === EVENTS_CHANNEL && message.payload) deliver(message.payload);
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`listen ${EVENTS_CHANNEL}`);
    client = next;
  };
  const lost = (which: pg.Client) => {
    if (client !== which || closed) return;
    client = null;
    processLogger().warn('LISTEN connection lost; reconnecting');
    for (const s of [...subscribers]) s.onLost();
    const attempt = () => {
      retry = undefined;
      if (closed) return;
      connect().catch(() => (retry = setTimeout(attempt, RECONNECT_MS)));
    };
    retry = setTimeout(attempt, RECONNECT_MS);
  };
  await connect();
  return {
    subscribe,
    async close() {
      closed = true;
      clearTimeout(retry);
      subscribers.clear();
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}

/** The event in a NOTIFY payload, or null when it is not one of ours. */
function parseEvent(payload: string): (LiveEvent & { workspaceId: string }) | null {
  try {
    const raw = JSON.parse(payload) as { workspaceId?: unknown };
    const event = liveEventSchema.safeParse(raw);
    if (!event.success || typeof raw.workspaceId !== 'string') return null;
    return { ...event.data, workspaceId: raw.workspaceId };
  } catch {
    return null;
  }
}
