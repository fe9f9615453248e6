import { expect, test } from '@playwright/test';
import { apiPaths, withId } from '../src/shared/paths';
import type { Sequence } from '../src/shared/schemas/sequences';
import { localMailServers } from './mail-servers';
import { okJson } from './outreach-api';
import { newUser, signUp } from './support';

/**
 * A/B variants and spintax (docs/decisions/043-sequence-variants-and-spintax.md): written in the
 * sequence editor (bad spintax named with its character, renderings and the number of combinations
 * shown), sent by the running app's outreach tick over a local SMTP server, and counted per variant
 * on the campaign's Outreach tab.
 */
const mailUser = { user: 'ada@variants.test', pass: 'engine-notes' };
const mail = localMailServers([mailUser]);

test('a sequence with spintax and two variants: editor preview, sending, the per-variant table', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser({ firstName: 'Ada', lastName: 'Lovelace' }));

  await page.goto('/dashboard/sequences');
  await page.getByRole('button', { name: 'New Sequence' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Sequence' });
  await dialog.getByRole('button', { name: /Create from Scratch/ }).click();
  await dialog.getByLabel('Sequence Name').fill('Spun pitch');
  const subject = dialog.getByLabel('Subject', { exact: true });
  await subject.fill('Hello there, this is a long subject {Hi|Hey');
  await dialog
    .getByLabel('Content', { exact: true })
    .fill('{Hope you are well|Hope all is good}, {{first_name|friend}}.');
  // Bad spintax: named live, and refused on save with the character.
  await expect(dialog.getByRole('alert').filter({ hasText: "Unclosed '{' at character 37" })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Sequence' }).click();
  await expect(dialog.getByText("Subject: Unclosed '{' at character 37", { exact: true })).toBeVisible();

  await subject.fill('{Hi|Hello|Hey} [First Name|there]');
  const spin = dialog.getByText('Spintax: 6 combinations');
  await expect(spin).toBeVisible();
  await spin.click();
  await expect(
    dialog.getByRole('list', { name: 'Spintax renderings of step 1' }).getByRole('listitem'),
  ).toHaveCount(3);
  await expect(
    dialog.getByRole('list', { name: 'Spintax renderings of step 1' }).getByRole('listitem').first(),
  ).toContainText(
    /^(Hi|Hello|Hey) \[First Name\|there\](Hope you are well|Hope all is good), \{\{first_name\|friend\}\}\.$/,
  );

  await dialog.getByRole('button', { name: 'Add A/B variant' }).click();
  const b = dialog.getByRole('listitem', { name: 'Variant B' });
  await b.getByLabel('Variant B subject').fill('Quick {question|idea} for [Website]');
  await expect(b.getByText('Spintax: 2 combinations')).toBeVisible();
  await expect(dialog.getByText('50 % of sends')).toHaveCount(2);
  await b.getByLabel('Weight').fill('3');
  await expect(b.getByText('75 % of sends')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Sequence' }).click();
  await expect(dialog).toBeHidden();

  // Sending: a mailbox, an always-open window and a campaign of four prospects, through the API.
  const api = page.request;
  const sequences = await okJson<{ items: Sequence[] }>(await api.get(apiPaths.sequences));
  const sequence = sequences.items.find((s) => s.name === 'Spun pitch')!;
  expect(sequence.steps[0]!.variants.map((v) => v.weight)).toEqual([1, 3]);
  const mailbox = await okJson(
    await api.post(apiPaths.emailAccounts, {
      data: {
        email: mailUser.user,
        username: mailUser.user,
        password: mailUser.pass,
        smtpHost: '127.0.0.1',
        smtpPort: mail.smtp.port,
        smtpSecurity: 'none',
        imapHost: '127.0.0.1',
        imapPort: mail.imap.port,
        imapSecurity: 'none',
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
  const names = ['Grace', 'Alan', 'Edsger', 'Barbara'];
  const campaign = await okJson(
    await api.post(apiPaths.campaigns, {
      data: {
        type: 'manual',
        name: 'Variants',
        websiteUrl: 'https://engines.example',
        competitors: [],
        prospects: names.map((n) => ({
          website: `https://${n.toLowerCase()}.example`,
          contactEmail: `${n.toLowerCase()}@${n.toLowerCase()}.example`,
          contactName: n,
        })),
      },
    }),
  );
  await okJson(
    await api.put(withId(apiPaths.campaignOutreach, campaign.id), {
      data: { emailAccountIds: [mailbox.id], sequenceId: sequence.id, trackOpens: false, trackClicks: false },
    }),
  );
  await okJson(await api.post(withId(apiPaths.campaignEnrollment, campaign.id)));
  const received = await mail.smtp.waitFor(names.length, 90_000);
  for (const message of received) {
    expect(message.parsed.subject).toMatch(
      /^((Hi|Hello|Hey) (Grace|Alan|Edsger|Barbara)|Quick (question|idea) for \w+\.example)$/,
    );
    expect(message.parsed.text).toMatch(
      /^(Hope you are well|Hope all is good), (Grace|Alan|Edsger|Barbara)\./,
    );
  }

  // The table counts every send once across the variants' rows (read again until the last send is recorded).
  await expect(async () => {
    await page.goto(`/dashboard/campaigns/${campaign.id}`);
    await page.getByRole('tab', { name: 'Outreach' }).click();
    const results = page.getByRole('region', { name: 'Results by step and variant' });
    const table = results.getByRole('table', { name: 'Step 1 by variant' });
    await expect(table).toBeVisible();
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: /Variant (A|B)/ })
        .first(),
    ).toBeVisible();
    const sent = await table.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(sent.reduce((sum, n) => sum + Number(n), 0)).toBe(names.length);
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('columnheader', { name: 'Replied' })).toBeVisible();
});
