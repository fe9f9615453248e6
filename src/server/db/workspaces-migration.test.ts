import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/database';
import { queryRows, type DatabaseHandle } from './client';
import { runMigrations } from './migrate';
import { migrationsBefore } from '../testing/migrations';

const ADA = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';
const OWNED = [
  'email_accounts',
  'email_sequences',
  'campaigns',
  'prospects',
  'suppressions',
  'notifications',
];

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase({ migrate: false });
  await runMigrations(handle, undefined, { upTo: migrationsBefore('0014_workspaces') });
  // Two users of an install from before workspaces, each with rows in the owned tables.
  await handle.db.execute(sql`
    insert into users (id, name, email, company_name, postal_address, time_zone, send_window_start_hour)
    values (${ADA}, 'Ada Lovelace', 'ada@example.com', 'Analytical Engines', '1 Mill St', 'Europe/London', 9),
           (${BOB}, 'Bob Babbage', 'bob@example.com', '', null, 'UTC', 8)`);
  await handle.db.execute(
    sql`insert into user_roles (user_id, role) values (${ADA}, 'full'), (${BOB}, 'member')`,
  );
  for (const [user, n] of [
    [ADA, 1],
    [BOB, 2],
  ] as const) {
    await handle.db.execute(sql`
      with m as (insert into email_accounts (user_id, email, provider) values (${user}, ${`s${n}@x.test`}, 'smtp') returning id),
           q as (insert into email_sequences (user_id, name) values (${user}, 'Pitch') returning id),
           c as (insert into campaigns (user_id, name, website_url, type, email_account_id)
                 select ${user}, ${`Campaign ${n}`}, 'https://a.example', 'manual', m.id from m returning id)
      insert into prospects (campaign_id, user_id, website) select c.id, ${user}, ${`https://p${n}.example`} from c`);
    await handle.db.execute(
      sql`insert into suppressions (user_id, email, reason) values (${user}, ${`x${n}@y.test`}, 'unsubscribe')`,
    );
    await handle.db.execute(
      sql`insert into notifications (user_id, kind, title, body) values (${user}, 'link-lost', 'T', 'M')`,
    );
  }
  await runMigrations(handle);
});
afterAll(async () => {
  await handle.close();
});

describe('the workspaces migration', () => {
  it('gives every user a workspace of their own, named after their company, with Full Access in it', async () => {
    const rows = await queryRows<{ id: string; name: string; user_id: string; role: string }>(
      handle.db,
      sql`select w.id, w.name, m.user_id, m.role from workspaces w join workspace_members m on m.workspace_id = w.id order by w.name`,
    );
    expect(rows).toEqual([
      { id: ADA, name: 'Analytical Engines', user_id: ADA, role: 'full' },
      { id: BOB, name: 'Personal', user_id: BOB, role: 'full' },
    ]);
  });

  it('moves every owned row into its user’s workspace, nothing lost', async () => {
    for (const table of OWNED) {
      const rows = await queryRows<{ workspace_id: string; n: number }>(
        handle.db,
        sql`select workspace_id, count(*)::int as n from ${sql.identifier(table)} group by workspace_id order by workspace_id`,
      );
      expect(rows, table).toEqual([
        { workspace_id: ADA, n: 1 },
        { workspace_id: BOB, n: 1 },
      ]);
    }
  });

  it('keeps the person: campaigns are owned and mailboxes connected by their user', async () => {
    const campaigns = await queryRows<{ owner_id: string; workspace_id: string }>(
      handle.db,
      sql`select owner_id, workspace_id from campaigns`,
    );
    expect(campaigns.every((c) => c.owner_id === c.workspace_id)).toBe(true);
    const mailboxes = await queryRows<{ connected_by: string; workspace_id: string }>(
      handle.db,
      sql`select connected_by, workspace_id from email_accounts`,
    );
    expect(mailboxes.every((m) => m.connected_by === m.workspace_id)).toBe(true);
  });

  it('moves the sending settings onto the workspace', async () => {
    const [ada] = await queryRows<{
      postal_address: string;
      time_zone: string;
      send_window_start_hour: number;
    }>(
      handle.db,
      sql`select postal_address, time_zone, send_window_start_hour from workspaces where id = ${ADA}`,
    );
    expect(ada).toEqual({
      postal_address: '1 Mill St',
      time_zone: 'Europe/London',
      send_window_start_hour: 9,
    });
  });
});
