import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { emailAccounts } from '../../db/schema/mailboxes';
import { createTestDatabase } from '../../testing/database';
import { createOutreachFixture, type OutreachFixture } from '../../testing/outreach';
import { claimSendable } from './claim';
import { queueDueSteps } from './queue-steps';

/** The daily limit a claim respects while a new mailbox warms up (outreach/health/ramp.ts). */
const MONDAY_10 = new Date('2026-11-23T10:00:00Z'); // inside the default window (Mon–Fri 08–18 UTC)
const at = (minutes: number) => new Date(MONDAY_10.getTime() + minutes * 60_000);

let handle: DatabaseHandle;
let fixture: OutreachFixture;
afterEach(async () => {
  await fixture?.close();
  await handle?.close();
});

async function claimAllDay(limits: { dailyLimit: number; rampLimit: number | null }): Promise<number> {
  handle = await createTestDatabase();
  fixture = await createOutreachFixture(handle.db, {
    prospects: ['a', 'b', 'c', 'd'].map((x) => ({
      website: `https://${x}.example`,
      email: `${x}@${x}.example`,
      name: x.toUpperCase(),
    })),
    steps: [{ subject: 'Idea', content: 'Hi [First Name]', delayHours: null }],
    start: MONDAY_10,
  });
  await handle.db.update(emailAccounts).set(limits).where(eq(emailAccounts.id, fixture.mailboxId));
  await queueDueSteps(handle.db, MONDAY_10);
  let claimed = 0;
  // Every 10 minutes, well past the mailbox's spacing: only the daily limit can hold a message back.
  for (let i = 0; i < 6; i++) claimed += (await claimSendable(handle.db, at(i * 10), () => 0)).length;
  return claimed;
}

describe('claiming under the warm-up ramp', () => {
  it('claims no more than the ramp limit a day while the mailbox ramps up', async () => {
    expect(await claimAllDay({ dailyLimit: 30, rampLimit: 2 })).toBe(2);
  });

  it('never more than the daily limit when that is lower than the ramp limit', async () => {
    expect(await claimAllDay({ dailyLimit: 1, rampLimit: 3 })).toBe(1);
  });

  it('claims up to the daily limit once the ramp is over', async () => {
    expect(await claimAllDay({ dailyLimit: 30, rampLimit: null })).toBe(4);
  });
});
