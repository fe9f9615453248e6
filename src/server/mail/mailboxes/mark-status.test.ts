import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { emailAccounts } from '../../db/schema/mailboxes';
import { createTestDatabase } from '../../testing/database';
import { insertTestUser } from '../../testing/users';
import { markMailboxError, markMailboxWorking } from './mark-status';

/** A mailbox's connection state: each side clears only its own error, and a pause is never touched. */
let handle: DatabaseHandle;
let workspaceId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  ({ workspaceId } = await insertTestUser(handle.db, { name: 'N', email: 'state@example.com' }));
});
afterAll(async () => {
  await handle.close();
});

async function newMailbox(values: Partial<typeof emailAccounts.$inferInsert> = {}): Promise<string> {
  const [row] = await handle.db
    .insert(emailAccounts)
    .values({ workspaceId, email: `${crypto.randomUUID()}@example.com`, provider: 'smtp', ...values })
    .returning();
  return row!.id;
}
const stateOf = async (id: string) => {
  const [row] = await handle.db.select().from(emailAccounts).where(eq(emailAccounts.id, id));
  return { status: row!.status, statusSource: row!.statusSource, statusReason: row!.statusReason };
};

describe('mailbox connection state', () => {
  it('turns error with the failing side and its reason; only that side working again clears it', async () => {
    const id = await newMailbox();
    expect(
      await markMailboxError(handle.db, id, 'imap', 'The IMAP server imap.x.example was not found.'),
    ).toBe(true);
    expect(await stateOf(id)).toEqual({
      status: 'error',
      statusSource: 'imap',
      statusReason: 'The IMAP server imap.x.example was not found.',
    });
    expect(await markMailboxWorking(handle.db, id, 'smtp')).toBe(false);
    expect((await stateOf(id)).status).toBe('error');
    expect(await markMailboxWorking(handle.db, id, 'imap')).toBe(true);
    expect(await stateOf(id)).toEqual({ status: 'connected', statusSource: null, statusReason: null });
  });

  it('never changes a paused mailbox', async () => {
    const paused = {
      status: 'paused' as const,
      statusSource: 'health' as const,
      statusReason: 'Bounce rate above 5%',
    };
    const id = await newMailbox(paused);
    expect(await markMailboxError(handle.db, id, 'smtp', 'Could not connect')).toBe(false);
    expect(await markMailboxWorking(handle.db, id, 'smtp')).toBe(false);
    expect(await stateOf(id)).toEqual(paused);
  });
});
