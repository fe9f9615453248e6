import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../shared/schemas/live-events';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from '../testing/database';
import { listenForEvents, type EventHub } from './listen';
import { publishEvent } from './publish';

let handle: DatabaseHandle;
let hub: EventHub;
const workspaceId = '3c9a1e6b-2f4d-4b7a-8e5c-1d0f9a8b7c6e';

describe('the PostgreSQL LISTEN connection', () => {
  beforeAll(async () => {
    handle = await createTestDatabase({ migrate: false });
    hub = await listenForEvents(handle);
  });
  afterAll(async () => {
    await hub?.close();
    await handle?.close();
  });

  it('when lost, tells every subscriber, then connects again and passes on new events', async () => {
    const events: LiveEvent[] = [];
    let lost = 0;
    hub.subscribe({ workspaceId, onEvent: (e) => events.push(e), onLost: () => lost++ });
    await handle.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
    );
    await vi.waitFor(() => expect(lost).toBe(1), { timeout: 5_000 });
    // Back after its reconnect delay: an event published then arrives.
    await vi.waitFor(
      async () => {
        await publishEvent(handle.db, { workspaceId, type: 'notifications.changed' });
        expect(events).toContainEqual({ type: 'notifications.changed' });
      },
      { timeout: 10_000, interval: 500 },
    );
  });
});
