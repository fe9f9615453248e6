import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../../shared/paths';
import type { Me } from '../../../shared/schemas/auth';
import { sequenceInputSchema, sequenceMessages, type Sequence } from '../../../shared/schemas/sequences';
import type { VariantStats } from '../../../shared/schemas/variant-stats';
import { messagePlaceholderValues } from '../../../shared/placeholders';
import { renderStepFor } from '../../../shared/step-render';
import { spintaxMessages } from '../../../shared/spintax';
import { WORKSPACE_HEADER } from '../../auth/workspaces';
import { activity } from '../../db/schema/activity';
import { enrollments, inboundMessages, outreachMessages } from '../../db/schema/outreach';
import { emailSequenceSteps } from '../../db/schema/sequences';
import { prospects } from '../../db/schema/prospects';
import { workspaceMembers } from '../../db/schema/workspaces';
import { queueDueSteps } from '../../outreach/scheduling/queue-steps';
import { variantStats } from './variant-stats';
import { updateSequence } from '../sequences/service';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import {
  createOutreachFixture,
  receiveInbound,
  sendClaimable,
  type OutreachFixture,
} from '../../testing/outreach';

/**
 * A/B variants, spintax and fallbacks end to end (docs/decisions/043-sequence-variants-and-spintax.md):
 * saved through the API, queued by the engine, sent over the local SMTP server, and counted per
 * variant by the statistics route.
 */

const START = new Date('2026-11-23T10:00:00Z'); // a Monday morning, inside the default send window
const PEOPLE = 16; // 1:1 weights: the chance that all sixteen get the same variant is 2⁻¹⁵

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

const step = {
  subject: '{Hi|Hello|Hey} [First Name|there]',
  content: '{Hope you are well|Hope all is good}, {{first_name|friend}}.\n\nI write about tyres.',
  delayHours: null,
};

beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://app.example' });
  f = await createOutreachFixture(t.handle.db, {
    prospects: Array.from({ length: PEOPLE }, (_, i) => ({
      website: `https://site${i}.example`,
      email: `p${i}@site${i}.example`,
      // Every fourth has no name: the fallbacks stand in instead of holding the send.
      ...(i % 4 === 0 ? {} : { name: `Person${i} Example` }),
    })),
    steps: [step],
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

describe('saving variants and spintax', () => {
  it('refuses bad spintax with the field and the character', async () => {
    const response = await call(full, 'PUT', withId(apiPaths.sequence, f.sequenceId), {
      name: 'Pitch',
      steps: [{ ...step, subject: 'Hello there, this is a long subject {Hi|Hey' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      sequenceMessages.spintax('Subject', spintaxMessages.unclosed(37)),
    );
    const variant = await call(full, 'PUT', withId(apiPaths.sequence, f.sequenceId), {
      name: 'Pitch',
      steps: [{ ...step, variants: [{ weight: 1 }, { content: 'oops }', weight: 1 }] }],
    });
    expect(variant.json().error.message).toBe(
      sequenceMessages.spintax('Body', spintaxMessages.unmatchedClose(6)),
    );
    const same = await call(full, 'PUT', withId(apiPaths.sequence, f.sequenceId), {
      name: 'Pitch',
      steps: [{ ...step, variants: [{ weight: 1 }, { subject: ' ', weight: 1 }] }],
    });
    expect(same.json().error.message).toBe(sequenceMessages.variantEmpty);
  });

  it('stores two variants with ids that a later save keeps', async () => {
    const body = {
      name: 'Pitch',
      steps: [
        {
          ...step,
          variants: [
            { weight: 1 },
            { subject: 'Quick {question|idea} for {{website}}', content: '', weight: 1 },
          ],
        },
      ],
    };
    const first = await call(full, 'PUT', withId(apiPaths.sequence, f.sequenceId), body);
    expect(first.statusCode).toBe(200);
    saved = first.json<Sequence>();
    const [a, b] = saved.steps[0]!.variants;
    expect(a).toMatchObject({ subject: '', content: '', weight: 1 });
    expect(b).toMatchObject({ subject: 'Quick {question|idea} for {{website}}', weight: 1 });
    const again = await call(full, 'PUT', withId(apiPaths.sequence, f.sequenceId), {
      ...body,
      steps: [{ ...body.steps[0]!, variants: saved.steps[0]!.variants }],
    });
    expect(again.json<Sequence>().steps[0]!.variants.map((v) => v.id)).toEqual([a!.id, b!.id]);
    expect(a!.id).not.toBe(b!.id);
  });
});

describe('sending two variants', () => {
  const messages = () => t.handle.db.select().from(outreachMessages).orderBy(outreachMessages.toEmail);

  it('queues one variant per prospect, rendered for it, and the same again after a crash', async () => {
    await queueDueSteps(t.handle.db, START);
    const first = await messages();
    expect(first).toHaveLength(PEOPLE);
    expect(first.every((m) => m.status === 'queued')).toBe(true);
    const ids = saved.steps[0]!.variants.map((v) => v.id);
    expect(first.every((m) => ids.includes(m.variantId!))).toBe(true);
    expect(new Set(first.map((m) => m.variantId)).size).toBe(2);

    const people = await t.handle.db.select().from(prospects).where(eq(prospects.campaignId, f.campaignId));
    for (const m of first) {
      const p = people.find((x) => x.id === m.prospectId)!;
      const values = messagePlaceholderValues(p, { yourName: 'Grace Hopper', campaignWebsite: 'x' });
      const expected = renderStepFor({ ...step, variants: saved.steps[0]!.variants }, p.id, 1, values);
      expect({ variantId: m.variantId, subject: m.subject, body: m.body }).toEqual({
        variantId: expected.variantId,
        subject: expected.subject,
        body: expected.body,
      });
      expect(m.subject).not.toMatch(/[{}|[\]]/);
      if (!p.contactName) {
        expect(m.body).toContain(', friend.');
        if (m.variantId === ids[0]) expect(m.subject).toMatch(/ there$/);
      }
    }

    // A crash before the queueing committed: no message, the step due again. The re-run picks the
    // same variant and words for everybody.
    await t.handle.db.delete(outreachMessages);
    await t.handle.db
      .update(enrollments)
      .set({ nextStepAt: START })
      .where(eq(enrollments.campaignId, f.campaignId));
    await queueDueSteps(t.handle.db, START);
    const again = await messages();
    expect(again.map((m) => [m.toEmail, m.variantId, m.subject, m.body])).toEqual(
      first.map((m) => [m.toEmail, m.variantId, m.subject, m.body]),
    );

    // Weights changed after queueing: what was chosen stays (the message holds its variant).
    await t.handle.db
      .update(emailSequenceSteps)
      .set({ variants: saved.steps[0]!.variants.map((v, i) => ({ ...v, weight: i === 0 ? 1 : 100 })) })
      .where(eq(emailSequenceSteps.sequenceId, f.sequenceId));
    await t.handle.db
      .update(enrollments)
      .set({ nextStepAt: START })
      .where(eq(enrollments.campaignId, f.campaignId));
    expect(await queueDueSteps(t.handle.db, START)).toBe(0);
    expect((await messages()).map((m) => m.variantId)).toEqual(first.map((m) => m.variantId));
  });

  it('sends each prospect its own variant over SMTP', async () => {
    for (let i = 0; i < PEOPLE; i++)
      await sendClaimable(t.handle.db, f, t.config, new Date(START.getTime() + i * 120_000));
    const received = await f.smtp.waitFor(PEOPLE);
    const stored = await messages();
    for (const m of stored) {
      expect(m.status).toBe('sent');
      const mail = received.find((r) => r.to.includes(m.toEmail))!;
      expect(mail.parsed.subject).toBe(m.subject);
      expect(mail.parsed.text).toContain(m.body.split('\n')[0]);
    }
  });

  it('counts sends, replies, bounces and wins per variant; another workspace gets 404', async () => {
    const stored = await messages();
    const [a, b] = saved.steps[0]!.variants.map((v) => v.id);
    const ofA = stored.filter((m) => m.variantId === a);
    const ofB = stored.filter((m) => m.variantId === b);
    // Replies: two of A's (if it has them) and one of B's; a hard bounce of B's last; A's first won.
    const repliers = [...ofA.slice(0, 2), ...ofB.slice(0, 1)];
    for (const m of repliers) {
      const raw = `From: ${m.toEmail}\r\nTo: ${f.sender.user}\r\nSubject: Re: ${m.subject}\r\nMessage-ID: <${crypto.randomUUID()}@reply.example>\r\nIn-Reply-To: ${m.messageId}\r\nContent-Type: text/plain\r\n\r\nSounds good!\r\n`;
      expect(
        await receiveInbound(t.handle.db, f, raw, { kind: 'reply' }, new Date('2026-11-23T13:00:00Z')),
      ).not.toBeNull();
    }
    const bounced = ofB.length > 1 ? ofB[ofB.length - 1]! : null;
    if (bounced) {
      const raw = `From: MAILER-DAEMON@relay.example\r\nTo: ${f.sender.user}\r\nSubject: Undelivered\r\nMessage-ID: <${crypto.randomUUID()}@relay.example>\r\nIn-Reply-To: ${bounced.messageId}\r\nContent-Type: text/plain\r\n\r\nNo such user\r\n`;
      await receiveInbound(
        t.handle.db,
        f,
        raw,
        {
          kind: 'bounce',
          type: 'hard',
          hard: true,
          reason: 'userunknown',
          status: '5.1.1',
          recipient: bounced.toEmail,
          originalMessageId: bounced.messageId,
          diagnostic: '550 5.1.1 no such user',
        },
        new Date('2026-11-23T13:00:00Z'),
      );
    }
    if (ofA[0])
      await t.handle.db
        .update(prospects)
        .set({ status: 'success' })
        .where(eq(prospects.id, ofA[0].prospectId));

    const response = await call(full, 'GET', withId(apiPaths.campaignVariantStats, f.campaignId));
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json<VariantStats>();
    const row = (id: string | undefined) => stats.rows.find((r) => r.variantId === id)!;
    expect(stats.rows.map((r) => [r.stepNumber, r.label, r.sent])).toEqual(
      [
        [1, 'A', ofA.length],
        [1, 'B', ofB.length],
      ].filter(([, , n]) => n !== 0),
    );
    expect(row(a).replied.count).toBe(Math.min(2, ofA.length));
    expect(row(b).replied.count).toBe(Math.min(1, ofB.length));
    expect(row(a).won.count).toBe(ofA.length > 0 ? 1 : 0);
    expect(row(b).bounced.count).toBe(bounced ? 1 : 0);
    expect(row(b).delivered.count).toBe(ofB.length - (bounced ? 1 : 0));
    const r = row(a).replied;
    expect(r.rate).toBeCloseTo(r.count / ofA.length, 10);
    expect(r.low).toBeLessThanOrEqual(r.rate);
    expect(r.high).toBeGreaterThanOrEqual(r.rate);
    expect(stats.comparisons).toHaveLength(1);
    expect(stats.comparisons[0]).toMatchObject({ stepNumber: 1, significant: false });
    expect(stats.comparisons[0]!.moreSendsPerVariant).not.toBe(0);

    const other = await call(
      outsider,
      'GET',
      withId(apiPaths.campaignVariantStats, f.campaignId),
      undefined,
      false,
    );
    expect(other.statusCode).toBe(404);
  });
});

describe('the auto-winner', () => {
  it('sends the rest of the step with the variant whose replies are significantly better, and logs it', async () => {
    const variants = [
      { id: crypto.randomUUID(), subject: '', content: '', weight: 1 },
      { id: crypto.randomUUID(), subject: 'Another subject', content: '', weight: 1 },
    ];
    const g = await createOutreachFixture(t.handle.db, {
      // 40 due now: with even weights each variant gets its 5 sends (the chance one gets fewer is ~1e-7).
      prospects: Array.from({ length: 50 }, (_, i) => ({
        website: `https://w${i}.example`,
        email: `w${i}@w${i}.example`,
        name: `W${i} Example`,
      })),
      steps: [
        { subject: 'Hello [First Name]', content: 'Body', delayHours: null, variants, autoWinnerAfter: 5 },
      ],
      start: START,
    });
    try {
      const later = g.prospectIds.slice(40);
      await t.handle.db
        .update(enrollments)
        .set({ nextStepAt: null })
        .where(inArray(enrollments.prospectId, later));
      const ofCampaign = () =>
        t.handle.db.select().from(outreachMessages).where(eq(outreachMessages.campaignId, g.campaignId));
      await queueDueSteps(t.handle.db, START);
      const first = await ofCampaign();
      expect(first).toHaveLength(40);
      // Sent, and every prospect of variant A answered; nobody of B.
      await t.handle.db
        .update(outreachMessages)
        .set({ status: 'sent', sentAt: START })
        .where(eq(outreachMessages.campaignId, g.campaignId));
      const ofA = first.filter((m) => m.variantId === variants[0]!.id);
      expect(ofA.length).toBeGreaterThanOrEqual(5);
      expect(first.length - ofA.length).toBeGreaterThanOrEqual(5);
      await t.handle.db.insert(inboundMessages).values(
        ofA.map((m, i) => ({
          workspaceId: g.workspaceId,
          emailAccountId: g.mailboxId,
          imapUidValidity: 1,
          imapUid: i + 1,
          prospectId: m.prospectId,
          outreachMessageId: m.id,
          kind: 'reply' as const,
          fromEmail: m.toEmail,
          subject: `Re: ${m.subject}`,
          text: 'Yes please',
          receivedAt: START,
        })),
      );
      const [before] = await t.handle.db
        .select()
        .from(emailSequenceSteps)
        .where(eq(emailSequenceSteps.sequenceId, g.sequenceId));
      expect(before!.winnerVariantId).toBeNull();

      await t.handle.db
        .update(enrollments)
        .set({ nextStepAt: START })
        .where(inArray(enrollments.prospectId, later));
      await queueDueSteps(t.handle.db, START);
      const rest = (await ofCampaign()).filter((m) => later.includes(m.prospectId));
      expect(rest).toHaveLength(10);
      expect(rest.every((m) => m.variantId === variants[0]!.id && m.subject.startsWith('Hello W'))).toBe(
        true,
      );
      const [after] = await t.handle.db
        .select()
        .from(emailSequenceSteps)
        .where(eq(emailSequenceSteps.sequenceId, g.sequenceId));
      expect(after!.winnerVariantId).toBe(variants[0]!.id);
      expect(after!.winnerChosenAt).toEqual(START);
      // Saving the sequence again keeps the winner and when it was chosen (the editor shows both).
      const resaved = await updateSequence(
        t.handle.db,
        { workspaceId: g.workspaceId, userId: g.userId },
        g.sequenceId,
        sequenceInputSchema.parse({
          name: 'Pitch',
          steps: [
            {
              subject: 'Hello [First Name]',
              content: 'Body',
              delayHours: null,
              variants,
              autoWinnerAfter: 5,
            },
          ],
        }),
      );
      expect(resaved.steps[0]).toMatchObject({
        winnerVariantId: variants[0]!.id,
        winnerChosenAt: START.toISOString(),
      });
      const logged = await t.handle.db
        .select()
        .from(activity)
        .where(
          and(eq(activity.workspaceId, g.workspaceId), eq(activity.kind, 'sequence.variant_winner_chosen')),
        );
      expect(logged).toHaveLength(1);
      expect(logged[0]!.details).toMatchObject({ step: 1, variant: 'A' });
      // The campaign's table marks it (only the first 40 were sent: the 10 queued later are not counted yet).
      const stats = await variantStats(t.handle.db, g.workspaceId, g.campaignId);
      expect(stats.rows.map((r) => [r.label, r.winner])).toEqual([
        ['A', true],
        ['B', false],
      ]);
      expect(stats.rows.reduce((n, r) => n + r.sent, 0)).toBe(40);
      expect(stats.comparisons[0]!.significant).toBe(true);
    } finally {
      await g.close();
    }
  });
});
