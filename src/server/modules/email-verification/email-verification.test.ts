import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../../shared/paths';
import { emailVerificationMessages as vm } from '../../../shared/schemas/email-verification';
import { outreachMessages as m } from '../../../shared/schemas/outreach';
import { queryRows } from '../../db/client';
import { activity } from '../../db/schema/activity';
import { emailVerificationSettings } from '../../db/schema/email-verification';
import { prospects } from '../../db/schema/prospects';
import { closingAlso, createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { createManualCampaign } from '../../testing/campaigns';
import { startVerifierApis, type LocalVerifierApis } from '../../testing/verifier-apis';

let t: TestApp;
let apis: LocalVerifierApis;

beforeAll(async () => {
  apis = await startVerifierApis('hunter-key-1234');
  const urls = { HUNTER_API_URL: apis.url, ZEROBOUNCE_API_URL: apis.url, NEVERBOUNCE_API_URL: apis.url };
  t = closingAlso(await createTestApp(urls, { jobs: true }), () => apis.close());
  for (const [email, truth] of [
    ['ann@alpha.test', 'valid'],
    ['bob@beta.test', 'invalid'],
    ['cy@gamma.test', 'catch-all'],
    ['jane.doe@delta.test', 'valid'],
  ] as const)
    apis.truths.set(email, truth);
});
afterAll(() => t.close());

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** A signed-up user with Hunter connected and a campaign of `list`. */
async function connectedUser(list: { website: string; contactEmail?: string; contactName?: string }[]) {
  const { cookie } = await signUpUser(t.app);
  const saved = await call(cookie, 'PUT', apiPaths.emailVerificationSettings, {
    provider: 'hunter',
    apiKey: 'hunter-key-1234',
    smtpCheck: false,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const campaign = await createManualCampaign(t.app, cookie, { prospects: list });
  const rows = await t.handle.db.select().from(prospects).where(eq(prospects.campaignId, campaign.id));
  const idOf = (website: string) => rows.find((r) => r.website.includes(website))!.id;
  return { cookie, campaignId: campaign.id, idOf };
}

describe('Settings → Email verification', () => {
  it('keeps the key encrypted, shows only its end, and keeps it when saved empty', async () => {
    const { cookie } = await signUpUser(t.app);
    expect((await call(cookie, 'GET', apiPaths.emailVerificationSettings)).json()).toEqual({
      provider: null,
      keyEnding: null,
      smtpCheck: false,
      updatedAt: null,
    });
    const missing = await call(cookie, 'PUT', apiPaths.emailVerificationSettings, {
      provider: 'zerobounce',
      smtpCheck: false,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(vm.keyRequired);

    const saved = await call(cookie, 'PUT', apiPaths.emailVerificationSettings, {
      provider: 'zerobounce',
      apiKey: 'zb-secret-9876',
      smtpCheck: true,
    });
    expect(saved.json()).toMatchObject({ provider: 'zerobounce', keyEnding: '9876', smtpCheck: true });
    const [row] = await t.handle.db.select().from(emailVerificationSettings);
    expect(row!.apiKeyEncrypted).not.toContain('zb-secret');

    const again = await call(cookie, 'PUT', apiPaths.emailVerificationSettings, {
      provider: 'zerobounce',
      apiKey: '',
      smtpCheck: false,
    });
    expect(again.json()).toMatchObject({ provider: 'zerobounce', keyEnding: '9876', smtpCheck: false });
    const kinds = await t.handle.db.select({ kind: activity.kind }).from(activity);
    expect(kinds.filter((k) => k.kind === 'email_verification.settings_changed')).toHaveLength(2);
  });

  it('refuses a member without Full Access and an API key', async () => {
    const owner = await signUpUser(t.app);
    const member = await signUpUser(t.app);
    // The member joins the owner's workspace with the Member role.
    await t.handle.db.execute(sql`update workspace_members set workspace_id = (
        select workspace_id from workspace_members wm join users u on u.id = wm.user_id where u.email = ${owner.email}),
        role = 'member'
      where user_id = (select id from users where email = ${member.email})`);
    const refused = await call(member.cookie, 'PUT', apiPaths.emailVerificationSettings, {
      provider: null,
      smtpCheck: true,
    });
    expect(refused.statusCode).toBe(403);
    const byKey = await t.app.inject({
      method: 'GET',
      url: apiPaths.emailVerificationSettings,
      headers: { authorization: `Bearer lp_${'0'.repeat(32)}` },
    });
    // Not on the API-key allow-list: refused before the key is even looked up.
    expect(byKey.statusCode).toBe(403);
  });
});

describe('verifying addresses', () => {
  it('verifies one prospect, keeps the verdict with its date and source, and asks the provider once', async () => {
    const u = await connectedUser([{ website: 'alpha.test', contactEmail: 'Ann@alpha.test' }]);
    apis.requests.length = 0;
    const first = await call(u.cookie, 'POST', withId(apiPaths.prospectAddressVerification, u.idOf('alpha')));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ verdict: 'deliverable', source: 'hunter' });
    const again = await call(u.cookie, 'POST', withId(apiPaths.prospectAddressVerification, u.idOf('alpha')));
    expect(again.json()).toEqual(first.json());
    expect(apis.requests).toEqual([{ path: '/v2/email-verifier', email: 'ann@alpha.test' }]);
    const list = await call(u.cookie, 'GET', withId(apiPaths.campaignProspects, u.campaignId));
    expect(list.json().items[0].emailVerification).toEqual(first.json());
    const events = await queryRows<{ kind: string }>(
      t.handle.db,
      sql`select kind from activity where kind = 'prospect.email_verified'`,
    );
    expect(events.length).toBeGreaterThan(0);
  });

  it('another workspace gets 404 for the prospect, the campaign and the candidates', async () => {
    const u = await connectedUser([{ website: 'alpha.test', contactEmail: 'ann@alpha.test' }]);
    const other = await signUpUser(t.app);
    for (const [method, url] of [
      ['POST', withId(apiPaths.prospectAddressVerification, u.idOf('alpha'))],
      ['POST', withId(apiPaths.prospectAddressCandidates, u.idOf('alpha'))],
      ['GET', withId(apiPaths.campaignAddressVerification, u.campaignId)],
    ] as const) {
      const answer = await call(other.cookie, method, url);
      expect([url, answer.statusCode]).toEqual([url, 404]);
    }
  });

  it('verifies a campaign in the background with progress and counts', async () => {
    const u = await connectedUser([
      { website: 'alpha.test', contactEmail: 'ann@alpha.test' },
      { website: 'beta.test', contactEmail: 'bob@beta.test' },
      { website: 'gamma.test', contactEmail: 'cy@gamma.test' },
      { website: 'epsilon.test' },
    ]);
    const started = await call(u.cookie, 'POST', withId(apiPaths.campaignAddressVerification, u.campaignId));
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'running', total: 3, done: 0 });
    let run = started.json();
    for (let i = 0; i < 100 && run.status === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = (await call(u.cookie, 'GET', withId(apiPaths.campaignAddressVerification, u.campaignId))).json();
    }
    expect(run).toMatchObject({
      status: 'completed',
      done: 3,
      counts: { deliverable: 1, undeliverable: 1, risky: 1, unknown: 0 },
    });
    const kinds = await queryRows<{ kind: string }>(
      t.handle.db,
      sql`select kind from activity where kind = 'campaign.addresses_verified'`,
    );
    expect(kinds.length).toBeGreaterThan(0);
  });

  it('without a provider or SMTP check says how to set one up', async () => {
    const { cookie } = await signUpUser(t.app);
    const campaign = await createManualCampaign(t.app, cookie);
    const answer = await call(cookie, 'POST', withId(apiPaths.campaignAddressVerification, campaign.id));
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe(vm.nothingToVerify);
  });
});

describe('enrollment filter', () => {
  it('skips undeliverable addresses and asks about risky ones', async () => {
    const u = await connectedUser([
      { website: 'alpha.test', contactEmail: 'ann@alpha.test' },
      { website: 'beta.test', contactEmail: 'bob@beta.test' },
      { website: 'gamma.test', contactEmail: 'cy@gamma.test' },
    ]);
    for (const site of ['alpha', 'beta', 'gamma'])
      await call(u.cookie, 'POST', withId(apiPaths.prospectAddressVerification, u.idOf(site)));
    const [mailbox] = await queryRows<{ id: string }>(
      t.handle.db,
      sql`insert into email_accounts (workspace_id, connected_by, email, provider)
          select workspace_id, owner_id, ${`me-${u.campaignId}@sender.test`}, 'smtp' from campaigns
          where id = ${u.campaignId} returning id`,
    );
    const sequence = await call(u.cookie, 'POST', apiPaths.sequences, {
      name: 'Pitch',
      steps: [{ subject: 'Hi', content: 'Hello', delayHours: null }],
    });
    await call(u.cookie, 'PUT', withId(apiPaths.campaignOutreach, u.campaignId), {
      emailAccountIds: [mailbox!.id],
      sequenceId: sequence.json().id,
      trackOpens: false,
      trackClicks: false,
    });
    const preview = await call(u.cookie, 'GET', withId(apiPaths.campaignEnrollment, u.campaignId));
    expect(preview.json()).toMatchObject({ eligible: 1, risky: 1, undeliverable: 1 });

    const first = await call(u.cookie, 'POST', withId(apiPaths.campaignEnrollment, u.campaignId));
    expect(first.json()).toEqual({
      enrolled: 1,
      notEnrolled: [
        { reason: m.verifiedUndeliverable, prospects: 1 },
        { reason: m.riskyNotIncluded, prospects: 1 },
      ],
    });
    const refusedOne = await call(u.cookie, 'POST', withId(apiPaths.prospectEnrollment, u.idOf('gamma')));
    expect(refusedOne.json().error.message).toBe(m.riskyOne);
    const withRisky = await call(u.cookie, 'POST', withId(apiPaths.campaignEnrollment, u.campaignId), {
      includeRisky: true,
    });
    expect(withRisky.json()).toEqual({
      enrolled: 1,
      notEnrolled: [{ reason: m.verifiedUndeliverable, prospects: 1 }],
    });
  });
});

describe('finding an address from a name', () => {
  it('learns the domain’s pattern, verifies candidates and uses one only with consent when unverified', async () => {
    const u = await connectedUser([
      { website: 'delta.test', contactEmail: 'john.smith@delta.test', contactName: 'John Smith' },
      { website: 'www.delta.test/team', contactName: 'Jane Doe' },
      { website: 'zeta.test', contactName: 'Max Power' },
    ]);
    const jane = (
      await t.handle.db.select().from(prospects).where(eq(prospects.contactName, 'Jane Doe'))
    ).find((p) => p.campaignId === u.campaignId)!;
    const found = await call(u.cookie, 'POST', withId(apiPaths.prospectAddressCandidates, jane.id));
    expect(found.statusCode, found.body).toBe(200);
    const [best, next] = found.json().candidates;
    expect(best).toMatchObject({
      email: 'jane.doe@delta.test',
      pattern: 'first.last',
      learned: true,
      verification: { verdict: 'deliverable', source: 'hunter' },
    });
    expect(best.confidence).toBeGreaterThanOrEqual(90);
    // Verification stopped at the first deliverable candidate: the others are unverified.
    expect(next.verification).toBeNull();

    const unverified = await call(u.cookie, 'POST', withId(apiPaths.prospectContactAddress, jane.id), {
      email: next.email,
    });
    expect(unverified.statusCode).toBe(409);
    expect(unverified.json().error.message).toBe(vm.unverifiedNeedsConsent);
    const notACandidate = await call(u.cookie, 'POST', withId(apiPaths.prospectContactAddress, jane.id), {
      email: 'someone@else.test',
    });
    expect(notACandidate.statusCode).toBe(400);

    const used = await call(u.cookie, 'POST', withId(apiPaths.prospectContactAddress, jane.id), {
      email: best.email,
    });
    expect(used.statusCode, used.body).toBe(200);
    const [row] = await t.handle.db.select().from(prospects).where(eq(prospects.id, jane.id));
    expect(row).toMatchObject({
      contactEmail: 'jane.doe@delta.test',
      emailVerification: { verdict: 'deliverable' },
    });

    // Max at zeta.test: no known pattern; the user consents to an unverified candidate.
    const max = u.idOf('zeta');
    apis.requests.length = 0;
    const maxCandidates = (
      await call(u.cookie, 'POST', withId(apiPaths.prospectAddressCandidates, max))
    ).json().candidates;
    expect(maxCandidates[0].learned).toBe(false);
    // Every candidate answered unknown: the first five were asked, each once.
    expect(apis.requests).toHaveLength(5);
    const consented = await call(u.cookie, 'POST', withId(apiPaths.prospectContactAddress, max), {
      email: maxCandidates[0].email,
      allowUnverified: true,
    });
    expect(consented.statusCode, consented.body).toBe(200);
    const log = await queryRows<{ kind: string }>(
      t.handle.db,
      sql`select kind from activity where kind = 'prospect.email_found'`,
    );
    expect(log.length).toBe(2);
  });
});
