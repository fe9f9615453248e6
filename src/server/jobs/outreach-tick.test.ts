import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { outreachMessages } from '../db/schema/outreach';
import { workspaces } from '../db/schema/workspaces';
import { testConfig } from '../testing/app';
import { createTestDatabase } from '../testing/database';
import { createOutreachFixture, TEST_APP_SECRET, type OutreachFixture } from '../testing/outreach';
import { outreachTickJob } from './outreach-tick';

/**
 * The outreach tick dates each claim when it is made (docs/decisions/048-several-processes.md): a
 * claim dated back to the tick's start, before a long queueing of due steps, looked interrupted to
 * another worker's reconciler, which queued the message again while it was being sent.
 */

let handle: DatabaseHandle | undefined;
let fixture: OutreachFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  await handle?.close();
});

describe('the outreach tick', () => {
  it('claims a message it queued in the same tick no earlier than the message was queued', async () => {
    handle = await createTestDatabase();
    fixture = await createOutreachFixture(handle.db, {
      prospects: [{ website: 'https://blog.example', email: 'anna@blog.example', name: 'Anna' }],
      steps: [{ subject: 'Idea', content: 'Hi [First Name]', delayHours: null }],
      start: new Date(Date.now() - 60_000),
    });
    await handle.db
      .update(workspaces)
      .set({ sendWindowDays: [1, 2, 3, 4, 5, 6, 7], sendWindowStartHour: 0, sendWindowEndHour: 24 })
      .where(eq(workspaces.id, fixture.workspaceId));

    const result = await outreachTickJob.handle(
      {},
      { db: handle.db, config: testConfig({ APP_URL: 'https://app.example' }), appSecret: TEST_APP_SECRET },
    );

    expect(result).toMatchObject({ queued: 1, claimed: 1, sent: 1 });
    expect(fixture.smtp.messages).toHaveLength(1);
    const [message] = await handle.db.select().from(outreachMessages);
    expect(message!.status).toBe('sent');
    // Queued (created) in this tick, then claimed: the claim cannot be dated before the queueing.
    expect(message!.claimedAt!.getTime()).toBeGreaterThanOrEqual(message!.createdAt.getTime());
  });
});
