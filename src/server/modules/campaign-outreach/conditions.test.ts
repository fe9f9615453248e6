import Papa from 'papaparse';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactsCsvColumns } from '../../../shared/csv/contacts-csv';
import { apiPaths, withId } from '../../../shared/paths';
import type { Me } from '../../../shared/schemas/auth';
import type { TimelineEntry } from '../../../shared/schemas/prospect-timeline';
import { sequenceMessages, type Sequence } from '../../../shared/schemas/sequences';
import type { VariantStats } from '../../../shared/schemas/variant-stats';
import { chooseVariant } from '../../../shared/variants';
import { WORKSPACE_HEADER } from '../../auth/workspaces';
import { outreachMessages } from '../../db/schema/outreach';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks';
import { workspaceMembers } from '../../db/schema/workspaces';
import { queueDueSteps } from '../../outreach/scheduling/queue-steps';
import { recordHit } from '../../outreach/tracking/events';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import {
  createOutreachFixture,
  receiveInbound,
  sendClaimable,
  type OutreachFixture,
} from '../../testing/outreach';

/**
 * Follow-ups that depend on what the prospect did (docs/decisions/045-conditional-follow-ups.md):
 * saved through the API, chosen by the engine from the recorded opens and clicks of step 1 (scanner
 * hits never count), sent over the local SMTP server, and visible in the statistics, the reply
 * webhook, the prospect's history and the contacts export.
 */

const START = new Date('2026-11-23T10:00:00Z'); // a Monday morning, inside the default send window
const HOUR = 3_600_000;
const STEP_2_DUE = new Date(START.getTime() + 49 * HOUR);
const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15';

let t: TestApp;
let f: OutreachFixture;
let full: string;
let outsider: string;

const call = (cookie: string, method: 'GET' | 'PUT', url: string, payload?: object, workspace = true) =>
  t.app.inject({
    method,
    url,
    headers: { cookie, ...(workspace ? { [WORKSPACE_HEADER]: f.workspaceId } : {}) },
    ...(payload ? { payload } : {}),
  });

const first = { subject: 'An idea for [Website]', content: 'Hi [First Name|there], I write about tyres.' };
const followUp = { subject: 'Following up', content: 'Just checking in.', delayHours: null };
// Prospects 0–3: a person clicks; a person opens; only scanners open and click; nothing at all.
const PEOPLE = ['clicker', 'opener', 'scanned', 'silent'];

beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://app.example' });
  f = await createOutreachFixture(t.handle.db, {
    prospects: PEOPLE.map((who) => ({ website: `https://${who}.example`, email: `${who}@${who}.example` })),
    steps: [
      { ...first, delayHours: 48 },
      { ...followUp, delayHours: null },
    ],
    start: START,
  });
  const signedUp = await signUpUser(t.app);
  full = signedUp.cookie;
  const me = (await t.app.inject({ url: apiPaths.me, headers: { cookie: full } })).json<Me>();
  await t.handle.db
    .insert(workspaceMembers)
    .values({ workspaceId: f.workspaceId, userId: me.id, role: 'full' });
  ({ cookie: outsider } = await signUpUser(t.app));
}, 60_000);
afterAll(async () => {
  await f?.close();
  await t?.close();
});

let saved: Sequence;
const branchOf = (condition: string) => saved.steps[1]!.branches.find((b) => b.condition === condition)!;

describe('saving conditions', () => {
  const put = (steps: object[]) =>
    call(full, 'PUT', withId(apiPaths.sequence, f.sequenceId), { name: 'Pitch', steps });
  const withBranches = (branches: object[]) => [
    { ...first, delayHours: 48 },
    { ...followUp, branches },
  ];

  it('refuses a condition on step 1, a condition twice and a branch variant without text', async () => {
    const onFirst = await put([
      { ...first, delayHours: 48, branches: [{ condition: 'clicked', variants: [{ subject: 'x' }] }] },
      followUp,
    ]);
    expect(onFirst.statusCode).toBe(400);
    expect(onFirst.json().error.message).toBe(sequenceMessages.conditionOnFirstStep);
    const twice = await put(
      withBranches([
        { condition: 'clicked', variants: [{ subject: 'x' }] },
        { condition: 'clicked', variants: [{ subject: 'y' }] },
      ]),
    );
    expect(twice.json().error.message).toBe(sequenceMessages.conditionTwice);
    const empty = await put(withBranches([{ condition: 'not_opened', variants: [{ subject: ' ' }] }]));
    expect(empty.json().error.message).toBe(sequenceMessages.variantEmpty);
    const unknown = await put(withBranches([{ condition: 'bounced', variants: [{ subject: 'x' }] }]));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Choose what the prospect did with the previous step');
  });

  it('stores a variant set per condition with ids a later save keeps; another workspace gets 404', async () => {
    const body = withBranches([
      { condition: 'not_opened', variants: [{ content: 'In case it got buried: the idea again.' }] },
      {
        condition: 'clicked',
        variants: [{ subject: 'Glad you had a look', content: 'Glad you had a look!' }],
      },
      {
        condition: 'opened_no_reply',
        variants: [{ subject: 'Any thoughts?' }, { subject: 'Did it land?', weight: 3 }],
      },
    ]);
    const response = await put(body);
    expect(response.statusCode, response.body).toBe(200);
    saved = response.json<Sequence>();
    expect(saved.steps[0]!.branches).toEqual([]);
    expect(saved.steps[1]!.branches.map((b) => [b.condition, b.variants.map((v) => v.subject)])).toEqual([
      ['not_opened', ['']],
      ['clicked', ['Glad you had a look']],
      ['opened_no_reply', ['Any thoughts?', 'Did it land?']],
    ]);
    const again = await put([
      { ...first, delayHours: 48 },
      { ...followUp, branches: saved.steps[1]!.branches },
    ]);
    expect(again.json<Sequence>().steps[1]!.branches).toEqual(saved.steps[1]!.branches);

    const read = await call(full, 'GET', withId(apiPaths.sequence, f.sequenceId));
    expect(read.json<Sequence>().steps[1]!.branches).toEqual(saved.steps[1]!.branches);
    const other = await call(outsider, 'GET', withId(apiPaths.sequence, f.sequenceId), undefined, false);
    expect(other.statusCode).toBe(404);
  });
});

describe('choosing the follow-up by what the prospect did', () => {
  const ofStep = async (step: number) =>
    (await t.handle.db.select().from(outreachMessages).where(eq(outreachMessages.stepNumber, step))).sort(
      (a, b) => a.toEmail.localeCompare(b.toEmail),
    );
  const to = (who: string) => `${who}@${who}.example`;

  it('sends step 1, then queues step 2 from the recorded people’s opens and clicks, scanners ignored', async () => {
    await queueDueSteps(t.handle.db, START);
    for (let i = 0; i < PEOPLE.length; i++)
      await sendClaimable(t.handle.db, f, t.config, new Date(START.getTime() + i * 120_000));
    await f.smtp.waitFor(PEOPLE.length);
    const sent = await ofStep(1);
    expect(sent.every((m) => m.status === 'sent' && m.branch === null && m.variantId === null)).toBe(true);
    const message = (who: string) => sent.find((m) => m.toEmail === to(who))!;
    const later = (who: string) => new Date(message(who).sentAt!.getTime() + HOUR);
    const person = { userAgent: BROWSER, ipAddress: '203.0.113.7' };
    await recordHit(
      t.handle.db,
      message('clicker').id,
      'click',
      person,
      later('clicker'),
      'https://x.example',
    );
    await recordHit(t.handle.db, message('opener').id, 'open', person, later('opener'));
    // An image proxy's open and a security scanner's click: recorded, flagged, never an open.
    const proxy = { userAgent: 'Mozilla/5.0 (via ggpht.com GoogleImageProxy)', ipAddress: '66.249.84.1' };
    await recordHit(t.handle.db, message('scanned').id, 'open', proxy, later('scanned'));
    await recordHit(
      t.handle.db,
      message('scanned').id,
      'click',
      { ...person, userAgent: 'Barracuda Sentinel' },
      later('scanned'),
    );

    expect(await queueDueSteps(t.handle.db, STEP_2_DUE)).toBe(PEOPLE.length);
    const queued = await ofStep(2);
    const got = (who: string) => queued.find((m) => m.toEmail === to(who))!;
    expect(got('clicker')).toMatchObject({
      branch: 'clicked',
      variantId: branchOf('clicked').variants[0]!.id,
      subject: 'Glad you had a look',
      body: 'Glad you had a look!',
    });
    const opened = chooseVariant(branchOf('opened_no_reply').variants, got('opener').prospectId, 2)!;
    expect(got('opener')).toMatchObject({
      branch: 'opened_no_reply',
      variantId: opened.id,
      subject: opened.subject,
    });
    for (const who of ['scanned', 'silent'])
      expect(got(who)).toMatchObject({
        branch: 'not_opened',
        variantId: branchOf('not_opened').variants[0]!.id,
        subject: followUp.subject,
        body: 'In case it got buried: the idea again.',
      });

    // A person opens step 1 after the follow-up was chosen: the stored choice stands.
    await recordHit(
      t.handle.db,
      message('silent').id,
      'open',
      person,
      new Date(STEP_2_DUE.getTime() + 60_000),
    );
    expect(await queueDueSteps(t.handle.db, new Date(STEP_2_DUE.getTime() + 120_000))).toBe(0);
    expect((await ofStep(2)).map((m) => [m.toEmail, m.branch, m.variantId, m.subject])).toEqual(
      queued.map((m) => [m.toEmail, m.branch, m.variantId, m.subject]),
    );

    for (let i = 0; i < PEOPLE.length; i++)
      await sendClaimable(t.handle.db, f, t.config, new Date(STEP_2_DUE.getTime() + (i + 2) * 120_000));
    const received = await f.smtp.waitFor(PEOPLE.length * 2);
    // One message per step each; a follow-up goes in the thread ("Re: …") with its set's body.
    const mails = (who: string) => received.filter((r) => r.to.includes(to(who)));
    for (const who of PEOPLE) expect(mails(who)).toHaveLength(2);
    expect(mails('clicker')[1]!.parsed.text).toContain('Glad you had a look!');
    expect(mails('silent')[1]!.parsed.text).toContain('In case it got buried: the idea again.');
    expect(mails('scanned')[1]!.parsed.text).toContain('In case it got buried: the idea again.');
  });

  it('counts each step by condition set and variant', async () => {
    const response = await call(full, 'GET', withId(apiPaths.campaignVariantStats, f.campaignId));
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json<VariantStats>();
    const opened = (await ofStep(2)).find((m) => m.branch === 'opened_no_reply')!;
    const openedLabel = branchOf('opened_no_reply').variants[0]!.id === opened.variantId ? 'A' : 'B';
    expect(stats.rows.map((r) => [r.stepNumber, r.branch, r.label, r.sent])).toEqual([
      [1, null, null, 4],
      [2, 'clicked', 'A', 1],
      [2, 'opened_no_reply', openedLabel, 1],
      [2, 'not_opened', 'A', 2],
    ]);
    // Step 1: the click counts as an open, the proxy's open only as a scanner open, and the late
    // open (after step 2 was chosen) as an open.
    expect(stats.rows[0]).toMatchObject({ opened: { count: 3 }, scannerOpened: 1, clicked: { count: 1 } });
    expect(stats.comparisons).toEqual([]);
  });

  it('names the step, variant and condition set in the reply webhook and the prospect history', async () => {
    await t.handle.db.insert(webhookEndpoints).values({
      workspaceId: f.workspaceId,
      url: 'https://hooks.example/linkpilot',
      events: ['reply.received'],
      secretEncrypted: 'not-used-by-this-test',
    });
    const answered = (await ofStep(2)).find((m) => m.branch === 'clicked')!;
    const raw = `From: ${answered.toEmail}\r\nTo: ${f.sender.user}\r\nSubject: Re: ${answered.subject}\r\nMessage-ID: <${crypto.randomUUID()}@reply.example>\r\nIn-Reply-To: ${answered.messageId}\r\nContent-Type: text/plain\r\n\r\nHappy to talk.\r\n`;
    expect(await receiveInbound(t.handle.db, f, raw, { kind: 'reply' }, STEP_2_DUE)).not.toBeNull();
    const [delivery] = await t.handle.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.workspaceId, f.workspaceId));
    expect(delivery!.payload.data).toMatchObject({
      prospectId: answered.prospectId,
      outreachMessageId: answered.id,
      stepNumber: 2,
      variantId: branchOf('clicked').variants[0]!.id,
      variantLabel: 'A',
      branch: 'clicked',
    });

    const history = await call(full, 'GET', withId(apiPaths.prospectTimeline, answered.prospectId));
    const messages = history
      .json<{ entries: TimelineEntry[] }>()
      .entries.flatMap((e) => (e.type === 'message' ? [[e.stepNumber, e.branch, e.variantId]] : []));
    expect(messages).toContainEqual([2, 'clicked', branchOf('clicked').variants[0]!.id]);
    expect(messages).toContainEqual([1, null, null]);
  });

  it('exports the variant each step sent in the contacts CSV', async () => {
    const response = await call(full, 'GET', apiPaths.contactsExport);
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = Papa.parse<string[]>(response.body.trim(), { newline: '\r\n' }).data;
    expect(header).toEqual([...contactsCsvColumns]);
    const column = (name: (typeof contactsCsvColumns)[number]) => contactsCsvColumns.indexOf(name);
    const steps = (who: string) => {
      const row = rows.find((r) => r[column('Email')] === to(who))!;
      return [row[column('Step 1 Variant')], row[column('Step 2 Variant')], row[column('Step 3 Variant')]];
    };
    expect(steps('clicker')).toEqual(['Single version', 'Clicked · A', '']);
    expect(steps('opener')[1]).toMatch(/^Opened, no reply · [AB]$/);
    expect(steps('scanned')).toEqual(['Single version', 'Not opened · A', '']);
  });
});
