import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultInboxLabels } from '../../shared/schemas/inbox';
import { createTestDatabase } from '../testing/database';
import { migrationsBefore } from '../testing/migrations';
import { queryRows, type DatabaseHandle } from './client';
import { runMigrations } from './migrate';

/**
 * Migration 0017 on an install from before the inbox (docs/decisions/024-inbox.md): every workspace
 * gets the default labels, every prospect who wrote back gets a conversation (a human reply makes it
 * need an answer; automatic mail alone does not), read by the members who had seen it on the timeline.
 */
let handle: DatabaseHandle;
const WS = '33333333-3333-4333-8333-333333333333';
const USER = '44444444-4444-4444-8444-444444444444';

beforeAll(async () => {
  handle = await createTestDatabase({ migrate: false });
  await runMigrations(handle, undefined, { upTo: migrationsBefore('0017_inbox') });
  await handle.db.execute(sql`
    insert into users (id, name, email) values (${USER}, 'Ada', 'ada@example.com')`);
  await handle.db.execute(sql`insert into workspaces (id, name) values (${WS}, 'Acme')`);
  await handle.db.execute(
    sql`insert into workspace_members (workspace_id, user_id, role) values (${WS}, ${USER}, 'full')`,
  );
  await handle.db.execute(sql`
    with m as (insert into email_accounts (workspace_id, email, provider) values (${WS}, 'me@x.test', 'smtp') returning id),
         c as (insert into campaigns (workspace_id, name, website_url, type) values (${WS}, 'C', 'https://a.example', 'manual') returning id),
         p as (insert into prospects (campaign_id, workspace_id, website, contact_email)
               select c.id, ${WS}, w.site, w.email from c, (values ('https://replied.example', 'ann@replied.example'),
                 ('https://away.example', 'bo@away.example')) as w(site, email) returning id, contact_email)
    insert into inbound_messages (workspace_id, email_account_id, imap_uid_validity, imap_uid, prospect_id, kind, from_email, subject, text, received_at)
    select ${WS}, m.id, 1, row_number() over (), p.id, x.kind::inbound_kind, p.contact_email, 'Re: hi', 'text', x.at::timestamptz
    from m, p join (values ('ann@replied.example', 'auto_reply', '2026-11-20T10:00:00Z'),
                           ('ann@replied.example', 'reply', '2026-11-21T10:00:00Z'),
                           ('bo@away.example', 'auto_reply', '2026-11-22T10:00:00Z')) as x(email, kind, at)
      on x.email = p.contact_email`);
  await runMigrations(handle);
});
afterAll(async () => {
  await handle.close();
});

describe('the inbox migration', () => {
  it('gives every workspace the default labels in order', async () => {
    const rows = await queryRows<{ name: string; outcome: string | null; category: string | null }>(
      handle.db,
      sql`select name, outcome, category from inbox_labels where workspace_id = ${WS} order by position`,
    );
    expect(rows).toEqual(defaultInboxLabels);
  });

  it('opens a conversation per prospect who wrote back, read by the members', async () => {
    const rows = await queryRows<{
      contact_email: string;
      last_message_at: Date | string;
      last_reply_at: Date | string | null;
      needs_answer: boolean;
      readers: number;
    }>(
      handle.db,
      sql`select p.contact_email, t.last_message_at, t.last_reply_at, t.needs_answer,
            (select count(*)::int from inbox_reads r where r.thread_id = t.id) as readers
          from inbox_threads t join prospects p on p.id = t.prospect_id order by p.contact_email`,
    );
    expect(
      rows.map((r) => ({
        ...r,
        last_message_at: new Date(r.last_message_at).toISOString(),
        last_reply_at: r.last_reply_at && new Date(r.last_reply_at).toISOString(),
      })),
    ).toEqual([
      {
        contact_email: 'ann@replied.example',
        last_message_at: '2026-11-21T10:00:00.000Z',
        last_reply_at: '2026-11-21T10:00:00.000Z',
        needs_answer: true,
        readers: 1,
      },
      {
        contact_email: 'bo@away.example',
        last_message_at: '2026-11-22T10:00:00.000Z',
        last_reply_at: null,
        needs_answer: false,
        readers: 1,
      },
    ]);
  });
});
