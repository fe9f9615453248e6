import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../../shared/paths';
import { outreachMessages as m } from '../../../shared/schemas/outreach';
import type { ProspectPage } from '../../../shared/schemas/prospects';
import { queryRows } from '../../db/client';
import { prospects } from '../../db/schema/prospects';
import { mailDomainChecks } from '../../db/schema/mailboxes';
import { enrollments } from '../../db/schema/outreach';
import { addressRefusals } from '../../outreach/dns/address-check';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { createManualCampaign } from '../../testing/campaigns';
import { startDnsServer, type LocalDnsServer } from '../../testing/dns-server';

let t: TestApp;
let dns: LocalDnsServer;

beforeAll(async () => {
  dns = await startDnsServer({
    'takes-mail.test': [{ type: 'MX', exchange: 'mx.takes-mail.test', priority: 10 }],
    'refuses.test': [{ type: 'MX', exchange: '', priority: 0 }],
    'flaky.test': 'servfail',
  });
  // Addresses are checked for real here: nothing assumed, DNS is the local server.
  t = await createTestApp({ DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: '500', MAIL_DOMAINS_ASSUME_OK: '' });
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

/** A user with a mailbox and a one-step sequence, and a campaign of `list` ready to send. */
async function readyCampaign(list: { website: string; contactEmail: string }[]) {
  const { cookie, email } = await signUpUser(t.app);
  const [mailbox] = await queryRows<{ id: string }>(
    t.handle.db,
    sql`insert into email_accounts (workspace_id, connected_by, email, provider)
        select m.workspace_id, u.id, ${`me-${email}`}, 'smtp'
        from users u join workspace_members m on m.user_id = u.id
        where u.email = ${email} returning id`,
  );
  const sequence = await t.app.inject({
    method: 'POST',
    url: apiPaths.sequences,
    headers: { cookie },
    payload: { name: 'Pitch', steps: [{ subject: 'Hi', content: 'Hello [First Name]', delayHours: null }] },
  });
  const campaign = await createManualCampaign(t.app, cookie, { prospects: list });
  const saved = await t.app.inject({
    method: 'PUT',
    url: withId(apiPaths.campaignOutreach, campaign.id),
    headers: { cookie },
    payload: {
      emailAccountIds: [mailbox!.id],
      sequenceId: sequence.json().id,
      trackOpens: false,
      trackClicks: false,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { cookie, campaignId: campaign.id };
}

describe('prospect addresses checked before enrollment', () => {
  it('enrolls prospects whose domain accepts mail and counts the others with the reason', async () => {
    const c = await readyCampaign([
      { website: 'takes-mail.test', contactEmail: 'ann@takes-mail.test' },
      { website: 'shop.takes-mail.test', contactEmail: 'info@takes-mail.test' },
      { website: 'refuses.test', contactEmail: 'bob@refuses.test' },
      { website: 'gone.test', contactEmail: 'cy@gone.test' },
      { website: 'flaky.test', contactEmail: 'dee@flaky.test' },
    ]);
    dns.queries.length = 0;
    const result = await t.app.inject({
      method: 'POST',
      url: withId(apiPaths.campaignEnrollment, c.campaignId),
      headers: { cookie: c.cookie },
    });
    expect(result.statusCode, result.body).toBe(200);
    // DNS that did not answer does not block: dee@flaky.test is enrolled.
    expect(result.json()).toEqual({
      enrolled: 3,
      notEnrolled: [{ reason: m.domainRefusesMail, prospects: 2 }],
    });
    // Two prospects at takes-mail.test: its MX was asked once.
    expect(dns.queries.filter((q) => q.name === 'takes-mail.test' && q.type === 'MX')).toHaveLength(1);

    const rows = await t.handle.db
      .select({ email: prospects.contactEmail, check: prospects.emailCheck, enrolled: enrollments.id })
      .from(prospects)
      .leftJoin(enrollments, eq(enrollments.prospectId, prospects.id))
      .where(eq(prospects.campaignId, c.campaignId));
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    expect(byEmail.get('bob@refuses.test')).toMatchObject({
      enrolled: null,
      check: { deliverable: false, flags: ['null-mx'], reason: addressRefusals['null-mx'] },
    });
    expect(byEmail.get('cy@gone.test')).toMatchObject({ enrolled: null, check: { flags: ['no-domain'] } });
    expect(byEmail.get('info@takes-mail.test')!.check).toMatchObject({ deliverable: true, flags: ['role'] });
    expect(byEmail.get('ann@takes-mail.test')!.enrolled).not.toBeNull();

    // The prospects list carries each check, for the warning beside the address.
    const page = (
      await t.app.inject({
        method: 'GET',
        url: withId(apiPaths.campaignProspects, c.campaignId),
        headers: { cookie: c.cookie },
      })
    ).json<ProspectPage>();
    expect(page.items.find((p) => p.contactEmail === 'bob@refuses.test')!.emailCheck?.reason).toBe(
      addressRefusals['null-mx'],
    );

    // Refusals are cached, the transient failure is not.
    const cached = await t.handle.db
      .select({ domain: mailDomainChecks.domain })
      .from(mailDomainChecks)
      .where(inArray(mailDomainChecks.domain, ['refuses.test', 'gone.test', 'flaky.test']));
    expect(cached.map((r) => r.domain).sort()).toEqual(['gone.test', 'refuses.test']);
  });

  it('refuses to enroll one prospect whose domain does not accept mail, saying why', async () => {
    const c = await readyCampaign([{ website: 'refuses.test', contactEmail: 'eve@refuses.test' }]);
    const [prospect] = await t.handle.db
      .select({ id: prospects.id })
      .from(prospects)
      .where(eq(prospects.campaignId, c.campaignId));
    const response = await t.app.inject({
      method: 'POST',
      url: withId(apiPaths.prospectEnrollment, prospect!.id),
      headers: { cookie: c.cookie },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(`${m.undeliverable} ${addressRefusals['null-mx']}`);
  });
});
