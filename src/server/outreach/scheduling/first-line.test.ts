import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { prospectFirstLines } from '../../db/schema/ai';
import { campaigns } from '../../db/schema/campaigns';
import { enrollments, outreachMessages } from '../../db/schema/outreach';
import { createTestDatabase } from '../../testing/database';
import { createOutreachFixture, type OutreachFixture } from '../../testing/outreach';
import { queueDueSteps } from './queue-steps';

const MONDAY_10 = new Date('2026-11-23T10:00:00Z');
const step = {
  subject: 'Idea for [Website]',
  content: 'Hi [First Name],\n\n[AI First Line]\n\nA guest post idea for [Website].',
  delayHours: null,
};

let handle: DatabaseHandle;
let f: OutreachFixture;
beforeAll(async () => {
  handle = await createTestDatabase();
  f = await createOutreachFixture(handle.db, {
    prospects: [
      { website: 'https://a.example', email: 'ann@a.example', name: 'Ann' },
      { website: 'https://b.example', email: 'bob@b.example', name: 'Bob' },
      { website: 'https://c.example', email: 'cy@c.example', name: 'Cy' },
    ],
    steps: [step],
    start: MONDAY_10,
  });
});
afterAll(async () => {
  await f.close();
  await handle.close();
});

const bodyOf = async (prospectId: string) =>
  (await handle.db.select().from(outreachMessages).where(eq(outreachMessages.prospectId, prospectId)))[0];

describe('[AI First Line] in queued steps', () => {
  it('uses approved lines only, and the plain template otherwise (approval on by default)', async () => {
    const [approved, draft, none] = f.prospectIds as [string, string, string];
    const line = (prospectId: string, text: string, status: 'draft' | 'approved') => ({
      prospectId,
      campaignId: f.campaignId,
      workspaceId: f.workspaceId,
      text,
      status,
    });
    await handle.db
      .insert(prospectFirstLines)
      .values([
        line(approved, 'Your winter tyre test was the best I read.', 'approved'),
        line(draft, 'A draft nobody approved.', 'draft'),
      ]);
    expect(await queueDueSteps(handle.db, MONDAY_10)).toBe(3);

    expect(await bodyOf(approved)).toMatchObject({
      status: 'queued',
      body: 'Hi Ann,\n\nYour winter tyre test was the best I read.\n\nA guest post idea for a.example.',
    });
    for (const id of [draft, none]) {
      const message = await bodyOf(id);
      expect(message!.status).toBe('queued');
      expect(message!.body).not.toContain('[AI First Line]');
      expect(message!.body).not.toContain('draft nobody approved');
      expect(message!.body).toMatch(/^Hi (Bob|Cy),\n\nA guest post idea for [bc]\.example\.$/);
    }
  });

  it('uses a draft at once when the campaign does not ask for approval', async () => {
    const db = handle.db;
    await db.delete(outreachMessages);
    await db.update(campaigns).set({ requireFirstLineApproval: false }).where(eq(campaigns.id, f.campaignId));
    await db.update(enrollments).set({ nextStepAt: MONDAY_10, nextStep: 1, status: 'active' });
    await queueDueSteps(db, MONDAY_10);
    expect((await bodyOf(f.prospectIds[1]!))!.body).toContain('A draft nobody approved.');
  });
});
