import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { apiPaths, paths, withId } from '../src/shared/paths';
import { outreachMessages as m } from '../src/shared/schemas/outreach';
import { settingsMessages } from '../src/shared/schemas/settings';
import { type ReceivedMessage } from '../src/server/testing/mail-servers';
import {
  connectLocalMailbox,
  openSendingWindowAlways,
  saveOutreachSettings,
  sequenceFromTemplate,
} from './outreach-steps';
import { holdRequests, newUser, signUp } from './support';
import { localMailServers, replyMime } from './mail-servers';

/**
 * The whole journey, one user from sign-up to a verified backlink, in Chromium against the built
 * app as playwright.config.ts starts it: the fixture web (coffeeWeb() in
 * src/server/testing/fixture-sites.ts) through the app's proxy, a real SMTP server and a real
 * Dovecot mailbox on loopback, the outreach tick every 2 s and one sequence hour of 0.4 s
 * (OUTREACH_HOUR_MS), so the 96-hour follow-up comes ~38 s after the first step.
 */
/** The fixture web's own address (e2e/fixture-web-server.ts), as playwright.config.ts starts it. */
const fixtureWeb = `http://127.0.0.1:${process.env.FIXTURE_WEB_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1000}`;
const mailUser = { user: 'marie@roastery.test', pass: 'first-crack' };
const postalAddress = 'Roastery Ltd, 5 Bean Lane, Bristol';
/** The prospects the fixture web holds, by the role each plays in the journey. */
const prospects = {
  replies: { site: 'espressodaily.test', email: 'emma@espressodaily.test', name: 'Emma' },
  autoReplies: { site: 'grindreview.test', email: 'gus@grindreview.test', name: 'Gus' },
  bounces: { site: 'latteletters.test', email: 'lara@latteletters.test', name: 'Lara' },
  quiet1: { site: 'brewguide.test', email: 'bruno@brewguide.test', name: 'Bruno' },
  quiet2: { site: 'coffeenews.test', email: 'nora@coffeenews.test', name: 'Nora' },
};
const all = Object.values(prospects);

const mail = localMailServers([mailUser]);

async function setProfileAndSending(page: Page) {
  await page.goto('/dashboard/settings');
  await page.getByLabel('Company name').fill('Roastery Ltd');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(settingsMessages.profileUpdated)).toBeVisible();

  await openSendingWindowAlways(page, postalAddress);
}

/** A prospect's row of the campaign page's table (the competitor gap panel above lists the same domains). */
function prospectRow(page: Page, prospect: { site: string }) {
  const actions = new RegExp(`^Actions for (https?://)?${prospect.site.replaceAll('.', '\\.')}/?$`);
  return page.getByRole('row').filter({ has: page.getByRole('group', { name: actions }) });
}

async function createAiCampaign(page: Page): Promise<string> {
  // The start call answers in milliseconds: held until the test has seen the button's state.
  const releaseStart = await holdRequests(page, '**/api/campaigns/*/find-prospects', 'POST');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'New Campaign' }).click();
  await page.getByRole('button', { name: /AI-assisted/ }).click();
  await page.getByLabel('Campaign name').fill('Coffee links');
  await page.getByLabel('Website URL').fill('http://www.roastery.test');
  await page.getByRole('textbox', { name: 'Competitor 1' }).fill('beanrival.test');
  await page.getByRole('button', { name: 'Add competitor' }).click();
  await page.getByRole('textbox', { name: 'Competitor 2' }).fill('brewmaster.test');
  await page.getByLabel('Number of prospects').fill('10');
  await page.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(page.getByRole('button', { name: 'Finding Prospects...' })).toBeVisible();
  releaseStart();

  await expect(page).toHaveURL(/\/dashboard\/campaigns\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Coffee links' })).toBeVisible();
  const progress = page.getByRole('progressbar', { name: 'Prospect search' });
  // Any ending first, so a run that failed or found nothing says so instead of timing out.
  const ending = page.getByText(
    /^(Found \d+ new prospects|No new prospects found|Failed to find prospects)$/,
  );
  // Name what the server says of the run, so a run that never ended can be told from a page that missed its end.
  const withServerRun = async (error: Error) => {
    const run = await page.request.get(withId(apiPaths.findProspects, page.url().split('/').pop()!));
    throw new Error(`${error.message}\nthe run as the server has it: ${await run.text()}`);
  };
  // A fast crawl can end before the page first reads the run: the page then shows its prospects,
  // with neither the progress bar nor the toast (that ends only a run the page saw running).
  await expect(progress.or(ending).or(prospectRow(page, all[0]!)).first())
    .toBeVisible({ timeout: 60_000 })
    .catch(withServerRun);
  if ((await progress.isVisible()) || (await ending.isVisible())) {
    await expect(ending).toBeVisible({ timeout: 60_000 }).catch(withServerRun);
    await expect(ending).toHaveText(/^Found \d+ new prospects$/);
  }
  for (const p of all) {
    const row = prospectRow(page, p);
    await expect(row).toContainText(p.email);
    await expect(row).toContainText('pending');
    await expect(row.getByRole('cell').nth(2)).toHaveText(/^\d+$/); // LinkPilot Score
    await expect(row.getByRole('cell').nth(3)).toHaveText(/^\d+\.\d%$/); // relevance
  }
  return page.url().split('/').pop()!;
}

/** On a campaign page: the mailbox and the sequence in its Outreach Settings, then back to the prospects. */
async function chooseMailboxAndSequence(page: Page) {
  await page.getByRole('tab', { name: 'Outreach' }).click();
  await page.getByRole('button', { name: 'Outreach Settings' }).click();
  await saveOutreachSettings(page, mailUser.user);
  await page.getByRole('tab', { name: 'Prospects' }).click();
}

async function startOutreach(page: Page, campaignId: string) {
  await page.goto(`/dashboard/campaigns/${campaignId}`);
  await chooseMailboxAndSequence(page);
  await page.getByRole('button', { name: 'Send Emails' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send Emails' });
  await expect(confirm.getByText(`${all.length} prospects will be enrolled`)).toBeVisible();
  await confirm.getByRole('button', { name: `Send to ${all.length} prospects` }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Campaign status' })).toHaveText('Active');
}

/** A Postfix-style delivery status notification (RFC 3464) for a message the recipient's server refused. */
function bounceMime(first: ReceivedMessage, recipient: string): string {
  const host = `mx.${recipient.split('@')[1]}`;
  return [
    `From: Mail Delivery System <MAILER-DAEMON@${host}>`,
    `To: ${mailUser.user}`,
    'Subject: Undelivered Mail Returned to Sender',
    `Message-ID: <${crypto.randomUUID()}@${host}>`,
    `Date: ${new Date().toUTCString()}`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="dsn-boundary"',
    '',
    '--dsn-boundary',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    `This is the mail system at host ${host}.`,
    "I'm sorry to have to inform you that your message could not be delivered.",
    '',
    `<${recipient}>: host ${host} said: 550 5.1.1 User unknown`,
    '',
    '--dsn-boundary',
    'Content-Type: message/delivery-status',
    '',
    `Reporting-MTA: dns; ${host}`,
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Original-Recipient: rfc822;${recipient}`,
    'Action: failed',
    'Status: 5.1.1',
    `Diagnostic-Code: smtp; 550 5.1.1 <${recipient}>: Recipient address rejected: User unknown`,
    '',
    '--dsn-boundary',
    'Content-Type: text/rfc822-headers',
    '',
    `From: ${mailUser.user}`,
    `To: ${recipient}`,
    `Subject: ${first.parsed.subject}`,
    `Message-ID: ${first.parsed.messageId}`,
    '',
    '--dsn-boundary--',
    '',
  ].join('\r\n');
}

const unfold = (raw: string) => raw.replace(/\r?\n(?=[ \t])/g, '');
const recipientOf = (message: ReceivedMessage) => message.to.find((to) => to !== mailUser.user)!;

test('the whole journey: sign-up, mailbox, AI campaign, sequence, replies, outcome, contacts export, stats', async ({
  page,
}) => {
  test.setTimeout(300_000);

  // 1. Sign up, land on the dashboard, profile and postal address (an always-open sending window).
  await signUp(
    page,
    newUser({ firstName: 'Marie', lastName: 'Roaster', email: `marie-${Date.now()}@example.com` }),
  );
  await setProfileAndSending(page);

  // 2. The mailbox on the local SMTP and IMAP servers.
  await connectLocalMailbox(page, mailUser, { smtp: mail.smtp.port, imap: mail.imap.port });

  // 3. An AI-assisted campaign for the fixture web's roastery finds its prospects while the page watches.
  const campaignId = await createAiCampaign(page);

  // 4. A 2-step sequence from a template; Send Emails; the first step reaches every prospect, one at a time.
  await sequenceFromTemplate(page);
  // Step 5's answers: each is real MIME delivered into the mailbox's Dovecot INBOX as soon as the
  // first step to its prospect arrives, so however slow the ticks, it comes before that follow-up is due.
  const answerTo: Record<string, (first: ReceivedMessage) => string> = {
    [prospects.replies.email]: (first) =>
      replyMime(
        first,
        `Emma Crema <${prospects.replies.email}>`,
        mailUser.user,
        'Hi Marie, a guest post on pour over at home would suit us. Send me a draft!\r\n\r\n> Hi Emma,',
      ),
    [prospects.autoReplies.email]: (first) =>
      replyMime(
        first,
        `Gus Burr <${prospects.autoReplies.email}>`,
        mailUser.user,
        'I am away from the office with limited access to email.',
        ['Auto-Submitted: auto-replied'],
      ),
    [prospects.bounces.email]: (first) => bounceMime(first, prospects.bounces.email),
  };
  const answers: Promise<void>[] = [];
  mail.smtp.hooks.afterAccept = async () => {
    const message = mail.smtp.messages.at(-1)!;
    const answer = answerTo[recipientOf(message)];
    if (answer && message.parsed.subject?.startsWith('Article idea'))
      answers.push(mail.imap.deliver(mailUser, answer(message)));
  };
  await startOutreach(page, campaignId);
  // Generous: with other specs running beside it on two cores, the 2-second ticks may run late.
  const firsts = await mail.smtp.waitFor(all.length, 100_000);
  expect(firsts.map(recipientOf).sort()).toEqual(all.map((p) => p.email).sort());
  for (const message of firsts) {
    const prospect = all.find((p) => p.email === recipientOf(message))!;
    expect(message.to).toEqual([prospect.email, mailUser.user]); // the blind copy to the mailbox itself
    expect(message.parsed.subject).toBe(`Article idea for ${prospect.site}`);
    expect(message.parsed.text).toContain(`Hi ${prospect.name},`);
    expect(message.parsed.text).toContain('Marie Roaster');
    expect(message.parsed.text).toContain(postalAddress);
    expect(unfold(message.raw)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  }
  const rowOf = (p: { site: string }) => prospectRow(page, p);
  // (The prospects who answer at once are checked in step 5.)
  for (const p of [prospects.quiet1, prospects.quiet2, prospects.autoReplies]) {
    await expect(rowOf(p).getByText('sent', { exact: true })).toBeVisible({ timeout: 30_000 });
  }

  // 5. (delivered as each first step arrived, see above) The app read them: IMAP IDLE, then the sync job.
  await Promise.all(answers);
  const firstTo = (p: { email: string }) => firsts.find((message) => recipientOf(message) === p.email)!;
  // The prospects list does not poll: reload until it shows the outcome. A reload takes seconds on a
  // busy machine, so the row gets its own wait and only the status a short one.
  await expect(async () => {
    await page.reload();
    await expect(rowOf(prospects.replies)).toBeVisible({ timeout: 15_000 });
    await expect(rowOf(prospects.replies).getByText('responded', { exact: true })).toBeVisible({
      timeout: 1_000,
    });
    await expect(rowOf(prospects.bounces).getByText('failed', { exact: true })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 90_000, intervals: [1_000] });
  await expect(rowOf(prospects.autoReplies).getByText('sent', { exact: true })).toBeVisible();

  // The timeline drawer tells the three apart.
  const drawer = page.getByRole('dialog', { name: 'Prospect history' });
  const openHistory = (p: { site: string }) =>
    rowOf(p)
      .getByRole('button', { name: new RegExp(p.site.replace('.', '\\.')) })
      .click();
  await openHistory(prospects.autoReplies);
  await expect(drawer.getByText('Automatic reply')).toBeVisible();
  await expect(drawer.getByText('No return date given: the sequence waits 7 days.')).toBeVisible();
  await page.keyboard.press('Escape');
  await openHistory(prospects.bounces);
  // The bounce's own entry (a dead address: hard), and the status change it caused.
  await expect(drawer.getByText('Bounced: address does not exist (5.1.1)')).toBeVisible();
  await expect(drawer.getByText('Bounced (5.1.1)', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await openHistory(prospects.replies);
  await expect(drawer.getByText(`Reply from ${prospects.replies.email}`)).toBeVisible();
  await expect(drawer.getByText(/a guest post on pour over at home would suit us/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The follow-up reaches the quiet prospects (~38 s after their first step) and, once the auto-reply's
  // 7-day pause is over (~67 s), the one who auto-replied; never the one who replied or bounced. Threaded.
  const followUpsTo = [prospects.quiet1, prospects.quiet2, prospects.autoReplies];
  const sent = await mail.smtp
    .waitFor(all.length + followUpsTo.length, 120_000)
    .catch(async (error: Error) => {
      // Seen once under load: no follow-up at all. Say what state the mailbox was in.
      const mailboxes = await (await page.request.get(apiPaths.emailAccounts)).text();
      throw new Error(`${error.message}; mailboxes: ${mailboxes}`);
    });
  const followUps = sent.slice(all.length);
  expect(followUps.map(recipientOf).sort()).toEqual(followUpsTo.map((p) => p.email).sort());
  expect(recipientOf(followUps.at(-1)!)).toBe(prospects.autoReplies.email);
  for (const followUp of followUps) {
    const first = firstTo({ email: recipientOf(followUp) });
    expect(followUp.parsed.subject).toBe(`Re: ${first.parsed.subject}`);
    expect(followUp.parsed.inReplyTo).toBe(first.parsed.messageId);
    expect(followUp.parsed.references).toBe(first.parsed.messageId);
  }

  // The bounced address is suppressed: another campaign cannot write to it.
  const other = await page.request.post(apiPaths.campaigns, {
    data: {
      type: 'manual',
      name: 'Second try',
      websiteUrl: 'http://www.roastery.test',
      competitors: [],
      prospects: [
        { website: prospects.bounces.site, contactEmail: prospects.bounces.email, contactName: 'Lara Foam' },
      ],
    },
  });
  expect(other.status()).toBe(201);
  await page.goto(`/dashboard/campaigns/${((await other.json()) as { id: string }).id}`);
  await chooseMailboxAndSequence(page);
  await rowOf(prospects.bounces).getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(m.suppressed)).toBeVisible();

  // 6. The user marks the prospect who replied Success (from its timeline)…
  await page.goto(`/dashboard/campaigns/${campaignId}`);
  await openHistory(prospects.replies);
  await drawer.getByRole('button', { name: 'Success' }).click();
  await expect(drawer.getByText('Marked by you')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(rowOf(prospects.replies).getByText('success', { exact: true })).toBeVisible();
  // …adds the live link the guest post brought (a fixture page linking to the campaign site): checked active.
  const token = `j${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const postUrl = `http://${prospects.replies.site}/guest-posts/${token}`;
  await page.goto(paths.liveLinks);
  await page.getByRole('button', { name: 'Add Link' }).click();
  const addLink = page.getByRole('dialog');
  await addLink.getByRole('combobox', { name: 'Campaign' }).click();
  await page.getByRole('option', { name: 'Coffee links' }).click();
  await addLink.getByLabel('Link URL').fill('http://www.roastery.test/');
  await addLink.getByLabel('Anchor Text').fill('Roastery');
  await addLink.getByLabel('Page URL').fill(postUrl);
  await addLink.getByRole('button', { name: 'Add Link' }).click();
  await expect(page.getByText('Live link added')).toBeVisible();
  const linkRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Check now ${postUrl}` }) });
  // The first check runs as a job; the page polls until it lands.
  await expect(linkRow).toBeVisible();
  await expect(linkRow).not.toContainText('Not checked yet', { timeout: 30_000 });
  await expect(linkRow.getByRole('button', { name: /^active: check history/ })).toBeVisible();

  // The page drops the link; Check now finds it lost and the bell has the alert.
  expect((await page.request.get(`${fixtureWeb}/links-test/${token}/removed`)).ok()).toBe(true);
  await linkRow.getByRole('button', { name: `Check now ${postUrl}` }).click();
  await expect(linkRow.getByRole('button', { name: /^lost: check history/ })).toBeVisible();
  await page
    .getByRole('button', { name: /^Notifications \(1 unread\)$/ })
    .locator('visible=true')
    .click();
  await expect(page.getByRole('menu')).toContainText(`Link lost on ${prospects.replies.site}`);
  await page.keyboard.press('Escape');

  // 7. The contacts screen filtered to the campaign, and its CSV export: the same rows.
  await page.goto(paths.contacts);
  await page.getByRole('combobox', { name: 'Filter by campaign' }).click();
  await page.getByRole('option', { name: 'Coffee links' }).click();
  const screenRows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(screenRows).toHaveCount(all.length);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^contacts_export_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = Papa.parse<Record<string, string>>(readFileSync((await download.path())!, 'utf8'), {
    header: true,
    skipEmptyLines: true,
  }).data;
  expect(csv).toHaveLength(all.length);
  const screen = await Promise.all(
    (await screenRows.all()).map(async (row) => {
      const [website, contact, campaign, status, ...rest] = (
        await row.getByRole('cell').allInnerTexts()
      ).slice(0, 6);
      // Under the website: how it was found; under a Success or Failed status: the outcome's date.
      return [website!.split('\n')[0]!, contact!, campaign!, status!.split('\n')[0]!, ...rest];
    }),
  );
  const fromCsv = csv.map((r) => [
    r.Website,
    `${r.Name}\n${r.Email}`,
    r.Campaign,
    r.Status,
    r['LinkPilot Score'],
    `${Number(r['Relevance Score']).toFixed(1)}%`,
  ]);
  const byWebsite = (a: string[], b: string[]) => a[0]!.localeCompare(b[0]!);
  expect(screen.map((cells) => cells.map((c) => c.trim().toLowerCase())).sort(byWebsite)).toEqual(
    fromCsv.map((cells) => cells.map((c) => c!.toLowerCase())).sort(byWebsite),
  );
  const statusOf = Object.fromEntries(csv.map((r) => [r.Email, r.Status]));
  expect(statusOf).toEqual({
    [prospects.replies.email]: 'success',
    [prospects.autoReplies.email]: 'sent',
    [prospects.bounces.email]: 'failed',
    [prospects.quiet1.email]: 'sent',
    [prospects.quiet2.email]: 'sent',
  });

  // 8. Stat cards and list rates equal the events: 8 emails (5 first steps, 3 follow-ups), 1 reply,
  // 1 success of a target of 10 among 5 prospects found; nobody opened or clicked (no client fetched the mail).
  const emailsSent = all.length + followUpsTo.length;
  await page.goto(`/dashboard/campaigns/${campaignId}`);
  const card = (label: string) => page.getByText(label, { exact: true }).first().locator('..');
  await expect(card('Prospects')).toContainText('Pending 0 · Contacted 3 · Responded 0');
  await expect(card('Emails')).toContainText(`${emailsSent}Sent ${emailsSent} · Opened 0 · Clicked 0`);
  await expect(card('Response Rate')).toContainText('12.5%'); // 1 / 8
  await expect(card('Target Reached')).toContainText('10.0%'); // 1 / target 10
  await page.goto(paths.dashboard);
  const listed = page.getByRole('row').filter({ hasText: 'Coffee links' });
  await expect(listed.getByRole('cell').nth(2)).toHaveText(String(all.length));
  await expect(listed.getByRole('cell').nth(3)).toHaveText(String(emailsSent));
  await expect(listed.getByRole('cell').nth(4)).toHaveText('12.5%'); // 1 / 8
  await expect(listed.getByRole('cell').nth(5)).toHaveText('20.0%'); // 1 / 5 found
});
