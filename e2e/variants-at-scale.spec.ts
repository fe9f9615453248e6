import { expect, test, type Page } from '@playwright/test';
import { apiPaths, withId } from '../src/shared/paths';
import type { ReceivedMessage } from '../src/server/testing/mail-servers';
import { localMailServers, replyMime } from './mail-servers';
import { okJson } from './outreach-api';
import { newUser, signUp } from './support';

/**
 * One step with two variants sent to 200 prospects over the local SMTP server
 * (docs/decisions/043-sequence-variants-and-spintax.md, docs/decisions/044-custom-fields.md): the
 * split is even within ±15, spintax is rendered, the custom field `{{custom.site_topic|your readers}}`
 * is filled (or falls back), replies delivered to the mailboxes are attributed to the variant each
 * answers, and the Outreach tab shows each variant's reply rate with its 95 % interval and the
 * significance sentence.
 *
 * A new mailbox sends 10 a day (MAILBOX_RAMP_START) and a campaign uses at most 10 mailboxes, so the
 * 200 go out through two campaigns of 100 prospects on the same sequence, 10 mailboxes each.
 */
const senders = Array.from({ length: 20 }, (_, i) => ({
  user: `sender${i}@variants.test`,
  pass: 'engine-notes',
}));
const mail = localMailServers(senders);
const PROSPECTS = 200;
/** Every 10th prospect has no site topic: its email reads "your readers". */
const topicOf = (i: number) => (i % 10 === 0 ? null : `topic ${i}`);

/** The prospect number a message went to (its recipient other than the sending mailbox's own blind copy). */
const prospectOf = (message: ReceivedMessage) =>
  Number(/^p(\d+)@p\d+\.example$/.exec(message.to.find((to) => to.endsWith('.example'))!)![1]);

async function addCustomFieldInSettings(page: Page) {
  await page.goto('/dashboard/settings?tab=custom-fields');
  await page.getByRole('button', { name: 'Add custom field' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add custom field' });
  await dialog.getByLabel('Label').fill('Site topic');
  await dialog.getByLabel('Key').fill('site_topic');
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('table', { name: 'Custom fields' }).getByRole('row', { name: /Site topic/ }),
  ).toContainText('{{custom.site_topic}}');
}

test('one step, two variants, 200 prospects: even split, spintax and custom fields filled, replies by variant', async ({
  page,
}) => {
  test.setTimeout(420_000);
  await signUp(page, newUser({ firstName: 'Ada', lastName: 'Lovelace' }));
  await addCustomFieldInSettings(page);
  const api = page.request;

  // A placeholder naming no field is refused on save, in words.
  const steps = (content: string) => [
    {
      subject: '{Hi|Hello|Hey} [First Name|there]',
      content,
      delayHours: null,
      variants: [
        { subject: '', content: '', weight: 1 },
        { subject: 'Quick {question|idea} for [Website]', content: '', weight: 1 },
      ],
    },
  ];
  const typo = await api.post(apiPaths.sequences, {
    data: { name: 'Typo', steps: steps('A piece for {{custom.site_topik}}?') },
  });
  expect(typo.status()).toBe(400);
  expect((await typo.json()).error.message).toContain('{{custom.site_topik}} names no custom field');
  const sequence = await okJson(
    await api.post(apiPaths.sequences, {
      data: {
        name: 'Topic pitch',
        steps: steps(
          '{Hope you are well|Hope all is good}, {{first_name|friend}}. A piece for {{custom.site_topic|your readers}}?',
        ),
      },
    }),
  );

  await okJson(
    await api.put(apiPaths.sendingSettings, {
      data: {
        postalAddress: '',
        timeZone: 'UTC',
        sendWindowDays: [1, 2, 3, 4, 5, 6, 7],
        sendWindowStartHour: 0,
        sendWindowEndHour: 24,
      },
    }),
  );
  const mailboxIds: string[] = [];
  for (const sender of senders)
    mailboxIds.push(
      (
        await okJson(
          await api.post(apiPaths.emailAccounts, {
            data: {
              email: sender.user,
              username: sender.user,
              password: sender.pass,
              smtpHost: '127.0.0.1',
              smtpPort: mail.smtp.port,
              smtpSecurity: 'none',
              imapHost: '127.0.0.1',
              imapPort: mail.imap.port,
              imapSecurity: 'none',
              dailyLimit: 10,
            },
          }),
        )
      ).id,
    );

  const campaignIds: string[] = [];
  for (const half of [0, 1]) {
    const numbers = Array.from({ length: PROSPECTS / 2 }, (_, i) => half * (PROSPECTS / 2) + i);
    const campaign = await okJson(
      await api.post(apiPaths.campaigns, {
        data: {
          type: 'manual',
          name: `Topics ${half + 1}`,
          websiteUrl: 'https://engines.example',
          competitors: [],
          prospects: numbers.map((i) => ({
            website: `https://p${i}.example`,
            contactEmail: `p${i}@p${i}.example`,
            contactName: `Reader${i} Example`,
            ...(topicOf(i) ? { customFields: { site_topic: topicOf(i) } } : {}),
          })),
        },
      }),
    );
    campaignIds.push(campaign.id);
    await okJson(
      await api.put(withId(apiPaths.campaignOutreach, campaign.id), {
        data: {
          emailAccountIds: mailboxIds.slice(half * 10, half * 10 + 10),
          sequenceId: sequence.id,
          trackOpens: false,
          trackClicks: false,
        },
      }),
    );
    await okJson(await api.post(withId(apiPaths.campaignEnrollment, campaign.id)));
  }

  const received = await mail.smtp.waitFor(PROSPECTS, 300_000);
  const variantOf = new Map<number, 'A' | 'B'>();
  for (const message of received) {
    const i = prospectOf(message);
    const { subject = '', text = '' } = message.parsed;
    const variant = /^(Hi|Hello|Hey) Reader\d+$/.test(subject)
      ? 'A'
      : new RegExp(`^Quick (question|idea) for p${i}\\.example$`).test(subject)
        ? 'B'
        : null;
    expect(variant, subject).not.toBeNull();
    expect(variantOf.has(i), `prospect ${i} got one message`).toBe(false);
    variantOf.set(i, variant!);
    // Spintax resolved, the first name and the custom field (or its fallback) filled.
    expect(text).toMatch(
      new RegExp(
        `^(Hope you are well|Hope all is good), Reader${i}\\. A piece for ${topicOf(i) ?? 'your readers'}\\?`,
      ),
    );
  }
  const countA = [...variantOf.values()].filter((v) => v === 'A').length;
  expect(variantOf.size).toBe(PROSPECTS);
  expect(countA).toBeGreaterThanOrEqual(85);
  expect(countA).toBeLessThanOrEqual(115);

  // Replies: a third of variant A's prospects answer, a tenth of B's.
  const repliesBy = campaignIds.map(() => ({ A: 0, B: 0 }));
  for (const [index, message] of received.entries()) {
    const i = prospectOf(message);
    const variant = variantOf.get(i)!;
    if (index % (variant === 'A' ? 3 : 10) !== 0) continue;
    repliesBy[i < PROSPECTS / 2 ? 0 : 1]![variant] += 1;
    const mailbox = senders.find((s) => s.user === message.from)!;
    await mail.imap.deliver(
      mailbox,
      replyMime(message, `Reader${i} <p${i}@p${i}.example>`, mailbox.user, 'Sounds good, tell me more.'),
    );
  }

  for (const [c, campaignId] of campaignIds.entries()) {
    await expect(async () => {
      await page.goto(`/dashboard/campaigns/${campaignId}`);
      await page.getByRole('tab', { name: 'Outreach' }).click();
      const table = page
        .getByRole('region', { name: 'Results by step and variant' })
        .getByRole('table', { name: 'Step 1 by variant' });
      const headers = await table.getByRole('columnheader').allTextContents();
      const replied = headers.findIndex((h) => h.trim() === 'Replied');
      expect(replied).toBeGreaterThan(0);
      for (const variant of ['A', 'B'] as const) {
        const cell = table
          .getByRole('row', { name: new RegExp(`Variant ${variant}`) })
          .getByRole('cell')
          .nth(replied);
        // The count, its share of sends and the 95 % interval under it.
        await expect(cell).toHaveText(
          new RegExp(`^${repliesBy[c]![variant]} \\(\\d+\\.\\d %\\)\\d+\\.\\d % – \\d+\\.\\d %$`),
          { timeout: 1_000 },
        );
      }
    }).toPass({ timeout: 120_000, intervals: [3_000] });
    await expect(
      page.getByText(
        /Variant [AB] and Variant [AB](: the difference in replies is not yet significant| differ in replies: significant at 95 %)/,
      ),
    ).toBeVisible();
  }
  await page.screenshot({ path: test.info().outputPath('variant-results.png'), fullPage: true });
});
