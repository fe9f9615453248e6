import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/database';
import { openDatabase, queryRows, type DatabaseHandle } from './client';
import { runMigrations } from './migrate';
import { campaigns } from './schema/campaigns';
import { liveLinks } from './schema/live-links';
import { prospects } from './schema/prospects';
import { emailAccounts } from './schema/mailboxes';
import { workspaces } from './schema/workspaces';
import { insertCampaign } from '../testing/campaigns';
import { insertTestUser } from '../testing/users';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const newUser = (email: string) => insertTestUser(handle.db, { name: 'N', email });

describe('data model', () => {
  it('has every table of the data model', async () => {
    const rows = await handle.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = (rows as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(names).toEqual(
      expect.arrayContaining([
        'blog_posts',
        'blog_categories',
        'blog_post_categories',
        'admin_users',
        'email_accounts',
        'campaigns',
        'prospects',
        'live_links',
        'email_sequences',
        'email_sequence_steps',
        'email_sequence_templates',
        'email_sequence_template_steps',
        'users',
        'workspaces',
        'workspace_members',
        'contact_messages',
      ]),
    );
  });

  it('re-running the migrations is a no-op', async () => {
    await expect(runMigrations(handle)).resolves.toBeUndefined();
  });

  // Two processes (web + worker) starting together on one PostgreSQL server.
  it('two processes migrating a fresh database at once both succeed', async () => {
    const fresh = await createTestDatabase({ migrate: false });
    const second = await openDatabase({ databaseUrl: fresh.connectionString });
    try {
      await Promise.all([runMigrations(fresh), runMigrations(second)]);
      const rows = await queryRows<{ n: number }>(fresh.db, sql`select count(*)::int as n from campaigns`);
      expect(rows[0]!.n).toBe(0);
    } finally {
      await second.close();
      await fresh.close();
    }
  });

  it('creates campaigns as drafts with zeroed counters and empty lists', async () => {
    const campaign = await insertCampaign(handle.db, await newUser('draft@example.com'), { type: 'ai' });
    expect(campaign).toMatchObject({
      status: 'draft',
      competitors: [],
      emailsSent: 0,
      progressPercentage: 0,
    });
  });

  it('ties a prospect to its campaign workspace: a mismatched workspace_id is refused', async () => {
    const owner = await newUser('owner@example.com');
    const other = await newUser('other@example.com');
    const [campaign] = await handle.db
      .insert(campaigns)
      .values({ workspaceId: owner.workspaceId, name: 'C', websiteUrl: 'https://a.example', type: 'manual' })
      .returning();
    await expect(
      handle.db
        .insert(prospects)
        .values({ campaignId: campaign!.id, workspaceId: other.workspaceId, website: 'x.example' }),
    ).rejects.toThrow();
  });

  it('deleting a workspace deletes its campaigns, prospects and live links; a deleted mailbox detaches', async () => {
    const user = await newUser('cascade@example.com');
    const [mailbox] = await handle.db
      .insert(emailAccounts)
      .values({
        workspaceId: user.workspaceId,
        connectedBy: user.id,
        email: 'm@example.com',
        provider: 'smtp',
      })
      .returning();
    const campaign = await insertCampaign(handle.db, user, { emailAccountId: mailbox!.id });
    await handle.db
      .insert(prospects)
      .values({ campaignId: campaign.id, workspaceId: user.workspaceId, website: 'p.example' });
    await handle.db.insert(liveLinks).values({
      campaignId: campaign.id,
      workspaceId: user.workspaceId,
      url: 'https://a.example/',
      anchorText: 'a',
      pageUrl: 'https://p.example/post',
    });

    await handle.db.delete(emailAccounts).where(eq(emailAccounts.id, mailbox!.id));
    const [detached] = await handle.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(detached!.emailAccountId).toBeNull();

    await handle.db.delete(workspaces).where(eq(workspaces.id, user.workspaceId));
    const w = user.workspaceId;
    expect(await handle.db.select().from(campaigns).where(eq(campaigns.workspaceId, w))).toHaveLength(0);
    expect(await handle.db.select().from(prospects).where(eq(prospects.workspaceId, w))).toHaveLength(0);
    expect(await handle.db.select().from(liveLinks).where(eq(liveLinks.workspaceId, w))).toHaveLength(0);
  });

  it('serves case-insensitive substring search on prospects with pg_trgm loaded', async () => {
    const rows = await handle.db.execute(sql`select similarity('linkpilot', 'linkpilots') as s`);
    expect(Number((rows as unknown as { rows: { s: number }[] }).rows[0]!.s)).toBeGreaterThan(0.5);
  });
});
