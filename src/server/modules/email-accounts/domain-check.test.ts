import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../../shared/paths';
import { workspaceMessages } from '../../../shared/roles';
import type { Me } from '../../../shared/schemas/auth';
import { domainCheckPaths, type MailboxDomainCheck } from '../../../shared/schemas/domain-check';
import type { DomainCheck } from '../../../shared/schemas/mail-health';
import { queryRows } from '../../db/client';
import { emailAccounts } from '../../db/schema/mailboxes';
import { workspaceMembers } from '../../db/schema/workspaces';
import { WORKSPACE_HEADER } from '../../auth/workspaces';
import { domainCheckJob } from '../../jobs/domain-check';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { startDnsServer, type LocalDnsServer } from '../../testing/dns-server';

let t: TestApp;
let dns: LocalDnsServer;

beforeAll(async () => {
  dns = await startDnsServer({
    'sender.test': [{ type: 'TXT', text: 'v=spf1 include:_spf.google.com -all' }],
    'mail._domainkey.sender.test': [{ type: 'TXT', text: 'v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEB' }],
    '_dmarc.sender.test': [{ type: 'TXT', text: 'v=DMARC1; p=none' }],
    'down.test': 'servfail',
    '*.down.test': 'servfail',
  });
  t = await createTestApp({ DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: '500' });
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

/** A signed-up user with one mailbox at `address` (a row standing in for a connected one). */
async function mailboxOwner(address: string) {
  const { cookie, email } = await signUpUser(t.app);
  const [mailbox] = await queryRows<{ id: string }>(
    t.handle.db,
    sql`insert into email_accounts (workspace_id, connected_by, email, provider)
        select m.workspace_id, u.id, ${address}, 'gmail'
        from users u join workspace_members m on m.user_id = u.id
        where u.email = ${email} returning id`,
  );
  return { cookie, mailboxId: mailbox!.id };
}

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', path: string, id: string, payload?: object) =>
  t.app.inject({ method, url: withId(path, id), headers: { cookie }, payload });

describe('sender domain check API', () => {
  it('checks the mailbox’s domain on demand, stores it, and returns it on GET', async () => {
    const o = await mailboxOwner('me@sender.test');
    expect((await call(o.cookie, 'GET', domainCheckPaths.check, o.mailboxId)).json()).toEqual({
      selectors: [],
      check: null,
    });
    const checked = await call(o.cookie, 'POST', domainCheckPaths.check, o.mailboxId);
    expect(checked.statusCode, checked.body).toBe(200);
    const check = checked.json<DomainCheck>();
    expect(check).toMatchObject({
      domain: 'sender.test',
      spf: { status: 'pass' },
      dkim: { status: 'pass', selectors: ['mail'] },
      dmarc: { status: 'warn', records: ['v=DMARC1; p=none'] },
    });
    const stored = (
      await call(o.cookie, 'GET', domainCheckPaths.check, o.mailboxId)
    ).json<MailboxDomainCheck>();
    expect(stored.check).toEqual(check);
    const [row] = await t.handle.db
      .select({ at: emailAccounts.domainCheckedAt })
      .from(emailAccounts)
      .where(eq(emailAccounts.id, o.mailboxId));
    expect(row!.at?.toISOString()).toBe(check.checkedAt);
  });

  it('stores the DKIM selectors the user names, validated like the form, and checks only those', async () => {
    const o = await mailboxOwner('me@sender.test');
    const bad = await call(o.cookie, 'PUT', domainCheckPaths.selectors, o.mailboxId, {
      selectors: 'ok, b@d',
    });
    expect(bad.statusCode).toBe(400);
    const saved = await call(o.cookie, 'PUT', domainCheckPaths.selectors, o.mailboxId, {
      selectors: 'S2024, google s2024',
    });
    expect(saved.json<MailboxDomainCheck>().selectors).toEqual(['s2024', 'google']);
    const check = (await call(o.cookie, 'POST', domainCheckPaths.check, o.mailboxId)).json<DomainCheck>();
    expect(check.dkim.status).toBe('fail');
  });

  it('says "could not check" when DNS fails, not fail', async () => {
    const o = await mailboxOwner('me@down.test');
    const check = (await call(o.cookie, 'POST', domainCheckPaths.check, o.mailboxId)).json<DomainCheck>();
    expect([check.spf.status, check.dkim.status, check.dmarc.status]).toEqual([
      'unknown',
      'unknown',
      'unknown',
    ]);
  });

  it('answers 404 for another workspace’s mailbox, on every endpoint', async () => {
    const o = await mailboxOwner('me@sender.test');
    const other = await mailboxOwner('you@sender.test');
    for (const [method, path, payload] of [
      ['GET', domainCheckPaths.check],
      ['POST', domainCheckPaths.check],
      ['PUT', domainCheckPaths.selectors, { selectors: 'google' }],
    ] as const)
      expect((await call(other.cookie, method, path, o.mailboxId, payload)).statusCode).toBe(404);
    const [row] = await t.handle.db
      .select({ selectors: emailAccounts.dkimSelectors, check: emailAccounts.domainCheck })
      .from(emailAccounts)
      .where(eq(emailAccounts.id, o.mailboxId));
    expect(row).toEqual({ selectors: [], check: null });
  });

  it('lets a member set the selectors only of a mailbox they connected, like its other settings', async () => {
    const o = await mailboxOwner('me@sender.test');
    const full = (await t.app.inject({ url: apiPaths.me, headers: { cookie: o.cookie } })).json<Me>();
    const joinAs = async (role: 'member' | 'full') => {
      const { cookie } = await signUpUser(t.app);
      const me = (await t.app.inject({ url: apiPaths.me, headers: { cookie } })).json<Me>();
      await t.handle.db
        .insert(workspaceMembers)
        .values({ workspaceId: full.workspace.id, userId: me.id, role });
      return cookie;
    };
    const setSelectors = (cookie: string, selectors: string) =>
      t.app.inject({
        method: 'PUT',
        url: withId(domainCheckPaths.selectors, o.mailboxId),
        headers: { cookie, [WORKSPACE_HEADER]: full.workspace.id },
        payload: { selectors },
      });
    const member = await joinAs('member');
    const refused = await setSelectors(member, 'attacker');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(workspaceMessages.changeMailbox);
    const stored = async () =>
      (
        await t.handle.db
          .select({ selectors: emailAccounts.dkimSelectors })
          .from(emailAccounts)
          .where(eq(emailAccounts.id, o.mailboxId))
      )[0]!.selectors;
    expect(await stored()).toEqual([]);
    expect((await setSelectors(await joinAs('full'), 'google')).statusCode).toBe(200);
    expect((await setSelectors(o.cookie, 's1')).statusCode).toBe(200);
    expect(await stored()).toEqual(['s1']);
  });

  it('re-checks every mailbox not checked within the day in the daily job', async () => {
    const o = await mailboxOwner('me@sender.test');
    await domainCheckJob.handle({}, { db: t.handle.db, config: t.config, appSecret: 'unused' });
    const stored = (
      await call(o.cookie, 'GET', domainCheckPaths.check, o.mailboxId)
    ).json<MailboxDomainCheck>();
    expect(stored.check?.spf.status).toBe('pass');
    dns.queries.length = 0;
    // Everything was just checked: a second run asks DNS nothing.
    expect(
      await domainCheckJob.handle({}, { db: t.handle.db, config: t.config, appSecret: 'unused' }),
    ).toEqual({
      checked: 0,
    });
    expect(dns.queries).toEqual([]);
  });
});
