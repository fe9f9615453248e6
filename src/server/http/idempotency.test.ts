import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../shared/paths';
import type { Me } from '../../shared/schemas/auth';
import { outreachMessages, type EnrollmentResult } from '../../shared/schemas/outreach';
import { queryRows } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { enrollments } from '../db/schema/outreach';
import { enrollCampaign } from '../outreach/enrollment';
import { addressCheckerFromConfig, type AddressChecker } from '../outreach/dns/address-check';
import { createTestApp, signUpUser, type TestApp } from '../testing/app';
import { createManualCampaign } from '../testing/campaigns';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER, idempotencyMessages } from './idempotency';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let keys = 0;
const freshKey = () => `key-${++keys}-${Date.now()}`;

const post = (url: string, key: string | null, payload?: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}) },
    payload,
  });

/** Two identical requests at once, as a double click or a retry racing the original sends them. */
const twice = (send: () => Promise<LightMyRequestResponse>) => Promise.all([send(), send()]);

const campaignInput = (name: string) => ({
  type: 'ai' as const,
  name,
  websiteUrl: 'mysite.com',
  competitors: [],
  prospects: 20,
});

/** The signed-in user's id and the id of their workspace (GET /api/me). */
async function whoIs(cookie: string): Promise<{ userId: string; workspaceId: string }> {
  const me = (await t.app.inject({ method: 'GET', url: apiPaths.me, headers: { cookie } })).json<Me>();
  return { userId: me.id, workspaceId: me.workspace.id };
}

/** How many campaigns called `name` the workspace of the user signed in with `cookie` has. */
const campaignsNamed = async (cookie: string, name: string) =>
  (
    await t.handle.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.workspaceId, (await whoIs(cookie)).workspaceId), eq(campaigns.name, name)))
  ).length;

describe('Idempotency-Key on campaign create', () => {
  it('creates one campaign for two identical requests at once and answers both with it', async () => {
    const { cookie } = await signUpUser(t.app);
    const key = freshKey();
    const [a, b] = await twice(() => post(apiPaths.campaigns, key, campaignInput('Twice'), cookie));
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json()).toEqual(a.json());
    expect([a.headers[REPLAYED_HEADER], b.headers[REPLAYED_HEADER]]).toContain('true');
    expect(await campaignsNamed(cookie, 'Twice')).toBe(1);

    // A retry long after the first answer gets the same answer, still without a second campaign.
    const later = await post(apiPaths.campaigns, key, campaignInput('Twice'), cookie);
    expect(later.statusCode).toBe(201);
    expect(later.json()).toEqual(a.json());
    expect(await campaignsNamed(cookie, 'Twice')).toBe(1);
  });

  it('stores the answer before it is compressed, so a retry is answered from it', async () => {
    const { cookie } = await signUpUser(t.app);
    const key = freshKey();
    const name = `Compressed ${'n'.repeat(180)}`;
    // Long competitor URLs make the answer larger than the compression threshold (1 KiB).
    const input = {
      ...campaignInput(name),
      competitors: [1, 2, 3, 4, 5].map((i) => `https://rival-${i}.example/${'p'.repeat(150)}`),
    };
    const first = await t.app.inject({
      method: 'POST',
      url: apiPaths.campaigns,
      headers: { cookie, [IDEMPOTENCY_HEADER]: key, 'accept-encoding': 'gzip' },
      payload: input,
    });
    expect(first.statusCode).toBe(201);
    expect(first.headers['content-encoding']).toBe('gzip');
    const retry = await post(apiPaths.campaigns, key, input, cookie);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers[REPLAYED_HEADER]).toBe('true');
    expect(retry.json().name).toBe(name);
    expect(await campaignsNamed(cookie, name)).toBe(1);
  });

  it('answers 422 for the same key with another body, and creates nothing for it', async () => {
    const { cookie } = await signUpUser(t.app);
    const key = freshKey();
    expect((await post(apiPaths.campaigns, key, campaignInput('First'), cookie)).statusCode).toBe(201);
    const reused = await post(apiPaths.campaigns, key, campaignInput('Second'), cookie);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.message).toBe(idempotencyMessages.reused);
    expect(await campaignsNamed(cookie, 'Second')).toBe(0);
  });

  it('keeps each user’s keys apart: another user’s request with the same key runs as their own', async () => {
    const first = await signUpUser(t.app);
    const second = await signUpUser(t.app);
    const key = freshKey();
    const mine = await post(apiPaths.campaigns, key, campaignInput('Shared key'), first.cookie);
    const theirs = await post(apiPaths.campaigns, key, campaignInput('Shared key'), second.cookie);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(theirs.headers[REPLAYED_HEADER]).toBeUndefined();
    // The other user's campaign stays theirs: the first user cannot see it.
    const peek = await t.app.inject({
      method: 'GET',
      url: withId(apiPaths.campaign, theirs.json().id),
      headers: { cookie: first.cookie },
    });
    expect(peek.statusCode).toBe(404);
  });

  it('leaves requests without the header alone, refuses a malformed key, and never stores a refused request', async () => {
    const { cookie } = await signUpUser(t.app);
    await post(apiPaths.campaigns, null, campaignInput('No key'), cookie);
    await post(apiPaths.campaigns, null, campaignInput('No key'), cookie);
    expect(await campaignsNamed(cookie, 'No key')).toBe(2);

    const bad = await post(apiPaths.campaigns, 'has space', campaignInput('Bad key'), cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(idempotencyMessages.badKey);

    // Refused before the key is claimed (validation, sign-in): the same key then works for a valid body.
    const key = freshKey();
    const invalid = await post(
      apiPaths.campaigns,
      key,
      { ...campaignInput('Valid'), prospects: 2.5 },
      cookie,
    );
    expect(invalid.statusCode).toBe(400);
    expect((await post(apiPaths.campaigns, key, campaignInput('Valid'))).statusCode).toBe(401);
    expect((await post(apiPaths.campaigns, key, campaignInput('Valid'), cookie)).statusCode).toBe(201);
  });
});

describe('Idempotency-Key on sign-up', () => {
  it('creates one account for two identical sign-ups at once; both answer 200 and the first signs in', async () => {
    const email = `double-${Date.now()}@example.com`;
    const input = {
      email,
      password: 'lamplight-42',
      firstName: 'Ada',
      lastName: 'Byron',
      companyName: 'Acme',
    };
    const key = freshKey();
    const answers = await twice(() => post(apiPaths.signUp, key, input));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers[1]!.json()).toEqual(answers[0]!.json());
    const accounts = await queryRows<{ n: number }>(
      t.handle.db,
      sql`select count(*)::int as n from users where email = ${email}`,
    );
    expect(accounts[0]!.n).toBe(1);
    const signedIn = answers.find((r) => r.headers[REPLAYED_HEADER] === undefined)!;
    expect(signedIn.cookies.some((c) => c.name.endsWith('session_token'))).toBe(true);
  });
});

describe('Idempotency-Key on the routes for visitors', () => {
  const signUp = (email: string, key: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: apiPaths.signUp,
      remoteAddress,
      headers: { [IDEMPOTENCY_HEADER]: key },
      payload: { email, password: 'lamplight-42', firstName: 'Ada', lastName: 'Byron', companyName: 'Acme' },
    });
  const accounts = async (email: string) =>
    (
      await queryRows<{ n: number }>(
        t.handle.db,
        sql`select count(*)::int as n from users where email = ${email}`,
      )
    )[0]!.n;

  it('never lets one visitor’s key answer or block another’s sign-up, from another address or the same', async () => {
    const key = 'signup-1';
    const first = `first-${Date.now()}@example.com`;
    expect((await signUp(first, key, '203.0.113.7')).statusCode).toBe(200);
    for (const [email, address] of [
      [`second-${Date.now()}@example.com`, '198.51.100.9'],
      [`third-${Date.now()}@example.com`, '203.0.113.7'],
    ] as const) {
      const response = await signUp(email, key, address);
      expect({ email, status: response.statusCode, replayed: response.headers[REPLAYED_HEADER] }).toEqual({
        email,
        status: 200,
        replayed: undefined,
      });
      expect(response.cookies.some((c) => c.name.endsWith('session_token'))).toBe(true);
      expect(await accounts(email)).toBe(1);
    }
    // The same sign-up from another address is its own request: the address is taken by then.
    expect((await signUp(first, key, '198.51.100.9')).statusCode).toBe(409);
    // A retry of the very same request from the same address gets the first answer again.
    const retry = await signUp(first, key, '203.0.113.7');
    expect([retry.statusCode, retry.headers[REPLAYED_HEADER]]).toEqual([200, 'true']);
    expect(await accounts(first)).toBe(1);
  });

  it('stores each visitor’s contact message when two send the same key', async () => {
    const key = 'contact-1';
    const message = (name: string) => ({
      name,
      email: `${name.toLowerCase()}@example.com`,
      subject: 'Hello',
      message: 'A question about plans.',
    });
    for (const [name, address] of [
      ['Grace', '203.0.113.20'],
      ['Alan', '198.51.100.21'],
      ['Edsger', '203.0.113.20'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: apiPaths.contact,
        remoteAddress: address,
        headers: { [IDEMPOTENCY_HEADER]: key },
        payload: message(name),
      });
      expect({ name, status: response.statusCode }).toEqual({ name, status: 201 });
    }
    const stored = await queryRows<{ name: string }>(
      t.handle.db,
      sql`select name from contact_messages where subject = 'Hello'`,
    );
    expect(stored.map((r) => r.name).sort()).toEqual(['Alan', 'Edsger', 'Grace']);
  });
});

describe('Idempotency-Key on Send Emails', () => {
  async function readyCampaign() {
    const { cookie, email } = await signUpUser(t.app);
    const { userId, workspaceId } = await whoIs(cookie);
    const mailboxes = await queryRows<{ id: string }>(
      t.handle.db,
      sql`insert into email_accounts (workspace_id, connected_by, email, provider)
          values (${workspaceId}, ${userId}, ${`a-${email}`}, 'smtp'),
                 (${workspaceId}, ${userId}, ${`b-${email}`}, 'smtp') returning id`,
    );
    const sequence = await post(
      apiPaths.sequences,
      null,
      {
        name: 'Pitch',
        steps: [{ subject: 'Idea for [Website]', content: 'Hi [First Name]', delayHours: null }],
      },
      cookie,
    );
    const campaign = await createManualCampaign(t.app, cookie, {
      prospects: [
        { website: 'one.com', contactEmail: 'ann@one.com', contactName: 'Ann One' },
        { website: 'two.com', contactEmail: 'bob@two.com', contactName: 'Bob Two' },
        { website: 'three.com', contactEmail: 'cy@three.com', contactName: 'Cy Three' },
      ],
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: withId(apiPaths.campaignOutreach, campaign.id),
      headers: { cookie },
      payload: {
        emailAccountIds: mailboxes.map((m) => m.id),
        sequenceId: sequence.json().id,
        trackOpens: false,
        trackClicks: false,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { cookie, campaignId: campaign.id };
  }

  const enrolledProspects = async (campaignId: string) =>
    (
      await t.handle.db
        .select({ prospectId: enrollments.prospectId })
        .from(enrollments)
        .where(eq(enrollments.campaignId, campaignId))
    ).map((r) => r.prospectId);

  it('enrolls each prospect once for two identical requests at once; both answer the same result', async () => {
    const { cookie, campaignId } = await readyCampaign();
    const key = freshKey();
    const url = withId(apiPaths.campaignEnrollment, campaignId);
    const [a, b] = await twice(() => post(url, key, undefined, cookie));
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual({ enrolled: 3, notEnrolled: [] });
    expect(b.json()).toEqual(a.json());
    const enrolled = await enrolledProspects(campaignId);
    expect(enrolled).toHaveLength(3);
    expect(new Set(enrolled).size).toBe(3);
  });

  it('never answers 500 for two Send Emails clicks without a key; each prospect is enrolled once', async () => {
    const { cookie, campaignId } = await readyCampaign();
    const url = withId(apiPaths.campaignEnrollment, campaignId);
    const answers = await twice(() => post(url, null, undefined, cookie));
    expect(answers.map((r) => r.statusCode).every((s) => s === 200 || s === 409)).toBe(true);
    const enrolledTotal = answers
      .filter((r) => r.statusCode === 200)
      .reduce((sum, r) => sum + r.json<EnrollmentResult>().enrolled, 0);
    expect(enrolledTotal).toBe(3);
    expect(await enrolledProspects(campaignId)).toHaveLength(3);
  });

  it('counts prospects a concurrent Send Emails enrolled first as already enrolled, not as nothing done', async () => {
    const { cookie, campaignId } = await readyCampaign();
    const actor = await whoIs(cookie);
    const real = addressCheckerFromConfig(t.handle.db, t.config);
    let other: EnrollmentResult | null = null;
    // The other request runs to its end while this one checks its addresses: the same moment.
    const racing: AddressChecker = {
      async check(emails, now) {
        other ??= await enrollCampaign(t.handle.db, real, actor, campaignId, now);
        return real.check(emails, now);
      },
    };
    const result = await enrollCampaign(t.handle.db, racing, actor, campaignId, new Date());
    expect(other).toEqual({ enrolled: 3, notEnrolled: [] });
    expect(result).toEqual({
      enrolled: 0,
      notEnrolled: [{ reason: outreachMessages.enrolledMeanwhile, prospects: 3 }],
    });
    expect(await enrolledProspects(campaignId)).toHaveLength(3);
  });
});
