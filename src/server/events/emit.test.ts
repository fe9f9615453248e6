import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import type { DatabaseHandle } from '../db/client';
import { activity } from '../db/schema/activity';
import { insertCampaign } from '../testing/campaigns';
import { createTestDatabase } from '../testing/database';
import { insertTestUser } from '../testing/users';
import { emit } from './emit';

/**
 * emit writes what the event's definition names, in the caller's transaction
 * (docs/decisions/028-one-event-list.md); its webhook output is tested end to end in
 * webhooks/delivery.test.ts and its live events in modules/events/events.test.ts.
 */
let handle: DatabaseHandle;
let workspaceId: string;
let userId: string;

const entries = () =>
  handle.db
    .select({
      kind: activity.kind,
      actorId: activity.actorId,
      subject: activity.subject,
      details: activity.details,
    })
    .from(activity)
    .where(eq(activity.workspaceId, workspaceId));

const statusChangeOf = (campaignId: string) => ({
  prospectId: crypto.randomUUID(),
  campaignId,
  campaignName: 'Bikes',
  website: 'https://blog.example',
  email: null,
  customFields: {},
  from: 'pending' as const,
  to: 'success' as const,
  reason: 'Marked by you',
});

let statusChange: ReturnType<typeof statusChangeOf>;

beforeAll(async () => {
  handle = await createTestDatabase();
  ({ workspaceId, id: userId } = await insertTestUser(handle.db, { name: 'Ada', email: 'emit@example.com' }));
  const campaign = await insertCampaign(handle.db, { id: userId, workspaceId }, { name: 'Bikes' });
  statusChange = statusChangeOf(campaign.id);
});
afterAll(async () => {
  await handle.close();
});

describe('emit', () => {
  it('writes nothing when the change is rolled back', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await emit(tx, {
          type: 'member.removed',
          workspaceId,
          actor: { userId },
          payload: { email: 'bob@example.com' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await entries()).toEqual([]);
  });

  it('refuses a payload that does not match the event’s schema, and writes nothing', async () => {
    await expect(
      emit(handle.db, { type: 'member.removed', workspaceId, payload: { email: 42 } as never }),
    ).rejects.toBeInstanceOf(ZodError);
    expect(await entries()).toEqual([]);
  });

  it('logs a change the list keeps only with an actor when a member made it, not when the system did', async () => {
    await emit(handle.db, { type: 'prospect.status_changed', workspaceId, payload: statusChange });
    expect(await entries()).toEqual([]);
    await emit(handle.db, {
      type: 'prospect.status_changed',
      workspaceId,
      actor: { userId },
      payload: statusChange,
    });
    expect(await entries()).toEqual([
      {
        kind: 'prospect.status_changed',
        actorId: userId,
        subject: 'https://blog.example',
        details: { from: 'pending', to: 'success' },
      },
    ]);
  });

  it('reads a lazy payload for the activity entry, and skips the entry when its subject is gone', async () => {
    await handle.db.delete(activity);
    await emit(handle.db, {
      type: 'prospect.status_changed',
      workspaceId,
      actor: { userId },
      payload: async () => null,
    });
    expect(await entries()).toEqual([]);
  });
});
