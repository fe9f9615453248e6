import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { outreachMessages } from '../../db/schema/outreach';
import { EVENTS_CHANNEL } from '../../events/publish';
import { createTestDatabase } from '../../testing/database';
import { createOutreachFixture, type OutreachFixture } from '../../testing/outreach';
import { queueDueSteps } from './queue-steps';

/**
 * Two worker processes' ticks queueing the same due steps at once (docs/decisions/048-several-processes.md):
 * each step becomes one message and is announced once, the work shared instead of done twice.
 */

let handle: DatabaseHandle | undefined;
let fixture: OutreachFixture | undefined;
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await fixture?.close();
  await handle?.close();
});

describe('queueing due steps from two workers at once', () => {
  it('makes one message per step and announces each step once', async () => {
    handle = await createTestDatabase();
    const start = new Date(Date.now() - 60_000);
    const count = 30;
    fixture = await createOutreachFixture(handle.db, {
      prospects: Array.from({ length: count }, (_, i) => ({
        website: `https://site${i}.example`,
        email: `editor@site${i}.example`,
      })),
      steps: [{ subject: 'Idea', content: 'Hi there', delayHours: null }],
      start,
    });
    // What open pages would hear: every live event of the campaign.
    const listener = new pg.Client({ connectionString: handle.connectionString });
    await listener.connect();
    closers.push(() => listener.end());
    const heard: string[] = [];
    listener.on('notification', (n) => {
      const event = JSON.parse(n.payload ?? '{}') as { type: string; campaignId?: string };
      if (event.campaignId === fixture!.campaignId) heard.push(event.type);
    });
    await listener.query(`listen ${EVENTS_CHANNEL}`);
    // A second pool on the same database: the other worker process.
    const other = await openDatabase({ databaseUrl: handle.connectionString });
    closers.push(() => other.close());

    const created = await Promise.all([queueDueSteps(handle.db, start), queueDueSteps(other.db, start)]);

    expect(created[0]! + created[1]!).toBe(count);
    const messages = await handle.db.select().from(outreachMessages);
    expect(new Set(messages.map((m) => m.enrollmentId)).size).toBe(count);
    expect(messages).toHaveLength(count);
    // NOTIFY is delivered at commit; a round trip on the listener lets the last ones arrive.
    await listener.query('select 1');
    expect(heard.filter((type) => type === 'outreach.changed')).toHaveLength(count);
  });
});
