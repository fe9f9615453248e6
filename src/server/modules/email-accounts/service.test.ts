import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceMessages } from '../../../shared/roles';
import { emailAccounts } from '../../db/schema/mailboxes';
import { outreachMessages } from '../../db/schema/outreach';
import { workspaceMembers } from '../../db/schema/workspaces';
import { queueDueSteps } from '../../outreach/scheduling/queue-steps';
import { createTestDatabase } from '../../testing/database';
import { createOutreachFixture, type OutreachFixture } from '../../testing/outreach';
import { insertTestUser } from '../../testing/users';
import type { DatabaseHandle } from '../../db/client';
import { deleteEmailAccount, listEmailAccounts } from './service';

/** Sent-today counts and what disconnecting does to a mailbox's messages (docs/product.md#api, docs/decisions/009-outreach-sending.md). */
let handle: DatabaseHandle;
let f: OutreachFixture;
const now = new Date();

beforeAll(async () => {
  handle = await createTestDatabase();
  f = await createOutreachFixture(handle.db, {
    prospects: [
      { website: 'https://a.example', email: 'anna@a.example', name: 'Anna' },
      { website: 'https://b.example', email: 'bob@b.example', name: 'Bob' },
      { website: 'https://c.example', email: 'cy@c.example' },
    ],
    steps: [{ subject: 'Idea', content: 'Hi [First Name]', delayHours: null }],
    start: new Date(now.getTime() - 60_000),
  });
  expect(await queueDueSteps(handle.db, now)).toBe(3);
  const [first] = await handle.db
    .select({ id: outreachMessages.id })
    .from(outreachMessages)
    .where(eq(outreachMessages.toEmail, 'anna@a.example'));
  await handle.db
    .update(outreachMessages)
    .set({ status: 'sent', sentAt: now })
    .where(eq(outreachMessages.id, first!.id));
});
afterAll(async () => {
  await f.close();
  await handle.close();
});

describe('mailbox service', () => {
  it('counts the messages the mailbox sent since UTC midnight', async () => {
    const [mailbox] = await listEmailAccounts(handle.db, f.workspaceId);
    expect(mailbox).toMatchObject({ id: f.mailboxId, emailsSentToday: 1 });
  });

  it('disconnecting cancels queued and flagged messages, keeps sent ones and deletes the mailbox', async () => {
    const before = await handle.db.select({ status: outreachMessages.status }).from(outreachMessages);
    expect(before.map((r) => r.status).sort()).toEqual(['flagged', 'queued', 'sent']);
    const [row] = await handle.db
      .select({ connectedBy: emailAccounts.connectedBy })
      .from(emailAccounts)
      .where(eq(emailAccounts.id, f.mailboxId));
    // A member who did not connect it may not disconnect it; the member who did may.
    const teammate = await insertTestUser(handle.db, { name: 'Tess Mate', email: 'tess@team.test' });
    await handle.db
      .insert(workspaceMembers)
      .values({ workspaceId: f.workspaceId, userId: teammate.id, role: 'member' });
    await expect(
      deleteEmailAccount(
        handle.db,
        { userId: teammate.id, workspaceId: f.workspaceId, role: 'member' },
        f.mailboxId,
      ),
    ).rejects.toMatchObject({ statusCode: 403, message: workspaceMessages.changeMailbox });
    const refused = await handle.db.select({ status: outreachMessages.status }).from(outreachMessages);
    expect(refused.map((r) => r.status).sort()).toEqual(['flagged', 'queued', 'sent']);
    await deleteEmailAccount(
      handle.db,
      { userId: row!.connectedBy!, workspaceId: f.workspaceId, role: 'member' },
      f.mailboxId,
    );
    const after = await handle.db.select({ status: outreachMessages.status }).from(outreachMessages);
    expect(after.map((r) => r.status).sort()).toEqual(['cancelled', 'cancelled', 'sent']);
    expect(await listEmailAccounts(handle.db, f.workspaceId)).toEqual([]);
  });
});
