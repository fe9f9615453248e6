import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../../shared/paths';
import type { Me } from '../../../shared/schemas/auth';
import type { Campaign } from '../../../shared/schemas/campaigns';
import { outreachMessages as m, type CampaignOutreach } from '../../../shared/schemas/outreach';
import type { ProspectPage } from '../../../shared/schemas/prospects';
import { queryRows } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { emailAccounts } from '../../db/schema/mailboxes';
import { enrollments, suppressions } from '../../db/schema/outreach';
import { contactedDomains } from '../../db/schema/prospect-history';
import { queueDueSteps } from '../../outreach/scheduling/queue-steps';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { createManualCampaign } from '../../testing/campaigns';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Owner {
  cookie: string;
  userId: string;
  workspaceId: string;
  mailboxes: string[];
  sequenceId: string;
}

/** A signed-up user with two mailboxes (rows standing in for connected ones) and a two-step sequence. */
async function owner(): Promise<Owner> {
  const { cookie, email } = await signUpUser(t.app);
  const me = (await t.app.inject({ url: apiPaths.me, headers: { cookie } })).json<Me>();
  const userId = me.id;
  const workspaceId = me.workspace.id;
  const mailboxes = await queryRows<{ id: string }>(
    t.handle.db,
    sql`insert into email_accounts (workspace_id, connected_by, email, provider)
        values (${workspaceId}, ${userId}, ${`a-${email}`}, 'smtp'),
               (${workspaceId}, ${userId}, ${`b-${email}`}, 'smtp') returning id`,
  );
  const sequence = await t.app.inject({
    method: 'POST',
    url: apiPaths.sequences,
    headers: { cookie },
    payload: {
      name: 'Pitch',
      steps: [
        { subject: 'Idea for [Website]', content: 'Hi [First Name], [Your Name] here.', delayHours: 24 },
        { subject: 'Following up', content: 'Any thoughts?', delayHours: null },
      ],
    },
  });
  return {
    cookie,
    userId,
    workspaceId,
    mailboxes: mailboxes.map((r) => r.id),
    sequenceId: sequence.json().id,
  };
}

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

const prospects = [
  { website: 'one.com', contactEmail: 'ann@one.com', contactName: 'Ann One' },
  { website: 'two.com', contactEmail: 'bob@two.com', contactName: 'Bob Two' },
  { website: 'three.com', contactEmail: 'cy@three.com', contactName: 'Cy Three' },
  { website: 'four.com', contactEmail: 'dee@four.com', contactName: 'Dee Four' },
  { website: 'five.com', contactEmail: 'Eve@Five.com', contactName: 'Eve Five' },
  { website: 'six.com' },
];

async function configured(o: Owner, input: Partial<{ emailAccountIds: string[] }> = {}): Promise<Campaign> {
  const campaign = await createManualCampaign(t.app, o.cookie, { prospects });
  const saved = await call(o.cookie, 'PUT', withId(apiPaths.campaignOutreach, campaign.id), {
    emailAccountIds: o.mailboxes,
    sequenceId: o.sequenceId,
    trackOpens: true,
    trackClicks: false,
    ...input,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return campaign;
}

const prospectsOf = async (o: Owner, campaignId: string) =>
  (await call(o.cookie, 'GET', withId(apiPaths.campaignProspects, campaignId))).json<ProspectPage>().items;

describe('campaign outreach settings', () => {
  it('starts empty, saves mailboxes in rotation order, sequence and tracking', async () => {
    const o = await owner();
    const campaign = await createManualCampaign(t.app, o.cookie);
    const url = withId(apiPaths.campaignOutreach, campaign.id);
    expect((await call(o.cookie, 'GET', url)).json()).toEqual({
      emailAccountIds: [],
      sequenceId: null,
      trackOpens: true,
      trackClicks: true,
      progress: { enrolled: 0, queued: 0, sent: 0, flagged: 0, failed: 0 },
    });
    const reversed = [...o.mailboxes].reverse();
    const saved = await call(o.cookie, 'PUT', url, {
      emailAccountIds: [...reversed, reversed[0]],
      sequenceId: o.sequenceId,
      trackOpens: false,
      trackClicks: true,
    });
    expect(saved.json<CampaignOutreach>()).toMatchObject({
      emailAccountIds: reversed,
      sequenceId: o.sequenceId,
      trackOpens: false,
      trackClicks: true,
    });
    const detail = (await call(o.cookie, 'GET', withId(apiPaths.campaign, campaign.id))).json<Campaign>();
    expect(detail.emailAccountId).toBe(reversed[0]);
  });

  it('refuses an empty choice with the form’s messages, and another workspace’s mailbox or sequence with 404', async () => {
    const o = await owner();
    const other = await owner();
    const campaign = await createManualCampaign(t.app, o.cookie);
    const url = withId(apiPaths.campaignOutreach, campaign.id);
    const base = {
      emailAccountIds: o.mailboxes,
      sequenceId: o.sequenceId,
      trackOpens: true,
      trackClicks: true,
    };

    const empty = await call(o.cookie, 'PUT', url, { ...base, emailAccountIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.issues.map((i: { message: string }) => i.message)).toContain(m.mailboxRequired);
    const theirMailbox = await call(o.cookie, 'PUT', url, { ...base, emailAccountIds: [other.mailboxes[0]] });
    expect(theirMailbox.statusCode).toBe(404);
    expect(theirMailbox.json().error.message).toBe(m.mailboxNotFound);
    const theirSequence = await call(o.cookie, 'PUT', url, { ...base, sequenceId: other.sequenceId });
    expect(theirSequence.statusCode).toBe(404);
    expect(theirSequence.json().error.message).toBe(m.sequenceNotFound);
    expect((await call(o.cookie, 'GET', url)).json().emailAccountIds).toEqual([]);
  });
});

describe('enrolling a campaign', () => {
  it('says what is missing before a mailbox and a sequence are chosen', async () => {
    const o = await owner();
    const campaign = await createManualCampaign(t.app, o.cookie, { prospects });
    const preview = await call(o.cookie, 'GET', withId(apiPaths.campaignEnrollment, campaign.id));
    expect(preview.json()).toEqual({
      eligible: 5,
      risky: 0,
      undeliverable: 0,
      blocker: m.noMailbox,
      warning: null,
    });
    const enroll = await call(o.cookie, 'POST', withId(apiPaths.campaignEnrollment, campaign.id));
    expect(enroll.statusCode).toBe(409);
    expect(enroll.json().error.message).toBe(m.noMailbox);
    expect((await call(o.cookie, 'GET', withId(apiPaths.campaign, campaign.id))).json().status).toBe('draft');
  });

  it('enrolls pending prospects with an email, skipping suppressed ones, rotating the mailboxes', async () => {
    const o = await owner();
    const campaign = await configured(o);
    await t.handle.db
      .insert(suppressions)
      .values({ workspaceId: o.workspaceId, email: 'eve@five.com', reason: 'unsubscribe' });
    const previewUrl = withId(apiPaths.campaignEnrollment, campaign.id);
    expect((await call(o.cookie, 'GET', previewUrl)).json()).toEqual({
      eligible: 4,
      risky: 0,
      undeliverable: 0,
      blocker: null,
      warning: null,
    });

    const before = Date.now();
    const enroll = await call(o.cookie, 'POST', previewUrl);
    expect(enroll.json()).toEqual({ enrolled: 4, notEnrolled: [] });
    const rows = await t.handle.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.campaignId, campaign.id))
      .orderBy(enrollments.createdAt);
    expect(rows).toHaveLength(4);
    expect(
      rows.every((r) => r.sequenceId === o.sequenceId && r.status === 'active' && r.nextStep === 1),
    ).toBe(true);
    expect(
      rows.every((r) => r.nextStepAt!.getTime() >= before - 1000 && r.nextStepAt!.getTime() <= Date.now()),
    ).toBe(true);
    const perMailbox = o.mailboxes.map((id) => rows.filter((r) => r.emailAccountId === id).length);
    expect(perMailbox).toEqual([2, 2]);
    expect((await call(o.cookie, 'GET', withId(apiPaths.campaign, campaign.id))).json().status).toBe(
      'active',
    );

    expect((await call(o.cookie, 'GET', previewUrl)).json()).toEqual({
      eligible: 0,
      risky: 0,
      undeliverable: 0,
      blocker: null,
      warning: null,
    });
    const again = await call(o.cookie, 'POST', previewUrl);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.nothingToEnroll);
    const outreach = await call(o.cookie, 'GET', withId(apiPaths.campaignOutreach, campaign.id));
    expect(outreach.json().progress.enrolled).toBe(4);
  });

  it('passes over mailboxes in connection error, and warns when every one of them is', async () => {
    const o = await owner();
    const campaign = await configured(o);
    const [first, second] = o.mailboxes as [string, string];
    const previewUrl = withId(apiPaths.campaignEnrollment, campaign.id);
    const setStatus = (ids: string[], status: 'connected' | 'error') =>
      t.handle.db.update(emailAccounts).set({ status }).where(inArray(emailAccounts.id, ids));

    await setStatus([first, second], 'error');
    expect((await call(o.cookie, 'GET', previewUrl)).json()).toEqual({
      eligible: 5,
      risky: 0,
      undeliverable: 0,
      blocker: null,
      warning: m.mailboxesDisconnected,
    });

    await setStatus([second], 'connected');
    expect((await call(o.cookie, 'GET', previewUrl)).json().warning).toBeNull();
    expect((await call(o.cookie, 'POST', previewUrl)).json()).toEqual({ enrolled: 5, notEnrolled: [] });
    const rows = await t.handle.db
      .select({ mailbox: enrollments.emailAccountId })
      .from(enrollments)
      .where(eq(enrollments.campaignId, campaign.id));
    expect(rows.map((r) => r.mailbox)).toEqual(Array(5).fill(second));
  });

  it('skips domains the domain memory blocks: do not contact, or another campaign within 90 days', async () => {
    const o = await owner();
    const other = await createManualCampaign(t.app, o.cookie, { prospects: [{ website: 'elsewhere.com' }] });
    const campaign = await configured(o);
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    await t.handle.db.insert(contactedDomains).values([
      { workspaceId: o.workspaceId, domain: 'one.com', doNotContact: true },
      { workspaceId: o.workspaceId, domain: 'two.com', campaignId: other.id, lastContactedAt: daysAgo(10) },
      {
        workspaceId: o.workspaceId,
        domain: 'three.com',
        campaignId: other.id,
        lastContactedAt: daysAgo(120),
      },
      {
        workspaceId: o.workspaceId,
        domain: 'four.com',
        campaignId: campaign.id,
        lastContactedAt: daysAgo(1),
      },
    ]);
    const previewUrl = withId(apiPaths.campaignEnrollment, campaign.id);
    // one.com (do not contact) and two.com (other campaign, 10 days ago) are left out.
    expect((await call(o.cookie, 'GET', previewUrl)).json()).toEqual({
      eligible: 3,
      risky: 0,
      undeliverable: 0,
      blocker: null,
      warning: null,
    });
    const two = (await prospectsOf(o, campaign.id)).find((p) => p.website === 'two.com')!;
    const refused = await call(o.cookie, 'POST', withId(apiPaths.prospectEnrollment, two.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(m.domainBlocked);
    expect((await call(o.cookie, 'POST', previewUrl)).json()).toEqual({ enrolled: 3, notEnrolled: [] });
  });

  it('leaves a paused campaign paused: its new prospects wait for Resume', async () => {
    const o = await owner();
    const campaign = await configured(o);
    await t.handle.db.update(campaigns).set({ status: 'paused' }).where(eq(campaigns.id, campaign.id));
    expect((await call(o.cookie, 'POST', withId(apiPaths.campaignEnrollment, campaign.id))).json()).toEqual({
      enrolled: 5,
      notEnrolled: [],
    });
    expect((await call(o.cookie, 'GET', withId(apiPaths.campaign, campaign.id))).json().status).toBe(
      'paused',
    );
    await queueDueSteps(t.handle.db, new Date());
    const [queued] = await queryRows<{ n: number }>(
      t.handle.db,
      sql`select count(*)::int as n from outreach_messages where campaign_id = ${campaign.id}`,
    );
    expect(queued!.n).toBe(0);
  });

  it('refuses a completed campaign', async () => {
    const o = await owner();
    const campaign = await configured(o);
    await t.handle.db.update(campaigns).set({ status: 'completed' }).where(eq(campaigns.id, campaign.id));
    const enroll = await call(o.cookie, 'POST', withId(apiPaths.campaignEnrollment, campaign.id));
    expect(enroll.statusCode).toBe(409);
    expect(enroll.json().error.message).toBe(m.completed);
  });
});

describe('enrolling one prospect (the row’s Send)', () => {
  it('enrolls it, then says why it cannot be enrolled again; a prospect without email is refused', async () => {
    const o = await owner();
    const campaign = await configured(o);
    const rows = await prospectsOf(o, campaign.id);
    const ann = rows.find((p) => p.website === 'one.com')!;
    const six = rows.find((p) => p.website === 'six.com')!;
    const url = (id: string) => withId(apiPaths.prospectEnrollment, id);

    expect((await call(o.cookie, 'POST', url(ann.id))).json()).toEqual({ enrolled: 1, notEnrolled: [] });
    const twice = await call(o.cookie, 'POST', url(ann.id));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(m.alreadyEnrolled);
    const noEmail = await call(o.cookie, 'POST', url(six.id));
    expect(noEmail.json().error.message).toBe(m.noEmail);
    // Only Ann is enrolled, and the campaign is active.
    expect(
      (await call(o.cookie, 'GET', withId(apiPaths.campaignEnrollment, campaign.id))).json().eligible,
    ).toBe(4);
    expect((await call(o.cookie, 'GET', withId(apiPaths.campaign, campaign.id))).json().status).toBe(
      'active',
    );
  });

  it('gives the campaign’s reason when it has no sequence', async () => {
    const o = await owner();
    const campaign = await createManualCampaign(t.app, o.cookie, { prospects });
    await t.handle.db
      .update(campaigns)
      .set({ emailAccountId: o.mailboxes[0]! })
      .where(eq(campaigns.id, campaign.id));
    await queryRows(
      t.handle.db,
      sql`insert into campaign_email_accounts (campaign_id, workspace_id, email_account_id, position)
          values (${campaign.id}, ${o.workspaceId}, ${o.mailboxes[0]!}, 0)`,
    );
    const [first] = await prospectsOf(o, campaign.id);
    const response = await call(o.cookie, 'POST', withId(apiPaths.prospectEnrollment, first!.id));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(m.noSequence);
  });
});

describe('deleting a campaign', () => {
  it('takes its enrollments and queued messages with it', async () => {
    const o = await owner();
    const campaign = await configured(o);
    await call(o.cookie, 'POST', withId(apiPaths.campaignEnrollment, campaign.id));
    expect(await queueDueSteps(t.handle.db, new Date())).toBeGreaterThanOrEqual(5);
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          t.handle.db,
          sql`select (select count(*) from enrollments where campaign_id = ${campaign.id})::int
            + (select count(*) from outreach_messages where campaign_id = ${campaign.id})::int as n`,
        )
      )[0]!.n;
    expect(await count()).toBe(10);
    await t.app.inject({
      method: 'DELETE',
      url: withId(apiPaths.campaign, campaign.id),
      headers: { cookie: o.cookie },
    });
    expect(await count()).toBe(0);
  });
});

describe('step preview', () => {
  it('fills the placeholders for the prospect and lists those it has no value for', async () => {
    const o = await owner();
    const campaign = await configured(o);
    const rows = await prospectsOf(o, campaign.id);
    const ann = rows.find((p) => p.website === 'one.com')!;
    const six = rows.find((p) => p.website === 'six.com')!;
    const preview = (prospectId: string) =>
      call(o.cookie, 'POST', apiPaths.stepPreview, {
        prospectId,
        subject: 'Idea for [Website]',
        content: 'Hi [First Name], I run [Campaign Website]. [Your Name]',
      });
    expect((await preview(ann.id)).json()).toEqual({
      subject: 'Idea for one.com',
      content: 'Hi Ann, I run https://mysite.com. Ada Lovelace',
      missing: [],
    });
    expect((await preview(six.id)).json()).toMatchObject({
      content: 'Hi [First Name], I run https://mysite.com. Ada Lovelace',
      missing: ['[First Name]'],
    });
  });
});
