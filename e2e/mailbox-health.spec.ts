import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiPaths } from '../src/shared/paths';
import { mailboxMessages as m } from '../src/shared/schemas/mailboxes';
import {
  confirmSendEmails,
  connectLocalMailbox,
  openSendingWindowAlways,
  saveOutreachSettings,
  sequenceFromTemplate,
} from './outreach-steps';
import { newUser, signUp } from './support';
import { localMailServers } from './mail-servers';

/**
 * Mailbox health on Email Accounts, against the built app (playwright.config.ts): a new mailbox
 * warms up (10 a day at first) and has its sender domain checked over DNS (SPF pass, DKIM fail,
 * DMARC warning from e2e/dns-server.ts), sends two emails, one recipient unsubscribes through the link —
 * 50 % unsubscribes, over the 2 % limit and shown in red, yet not paused on two sends (the minimum
 * sample is 20). Then the user pauses and resumes the mailbox by hand. Screenshots of the panel in
 * both themes go to /tmp/shots (SHOTS_DIR) for review.
 */
const mailUser = { user: 'hedy@health.test', pass: 'frequency-hopping' };
const shots = process.env.SHOTS_DIR ?? '/tmp/shots';
const mail = localMailServers([mailUser]);
test.beforeAll(() => {
  mkdirSync(shots, { recursive: true });
});

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

/** Sets the theme with the sidebar's toggle. */
async function useTheme(page: Page, dark: boolean): Promise<void> {
  if ((await isDark(page)) !== dark) await page.getByTestId('sidebar').getByTestId('theme-toggle').click();
  expect(await isDark(page)).toBe(dark);
}

test('a new mailbox ramps up, its domain is checked, its health panel shows its rates against their limits, and it pauses and resumes by hand', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser({ firstName: 'Hedy', lastName: 'Lamarr' }));
  await openSendingWindowAlways(page, 'Lamarr Ltd, 1 Antheil Road, Vienna');
  await connectLocalMailbox(page, mailUser, { smtp: mail.smtp.port, imap: mail.imap.port });
  const row = page.getByRole('listitem').filter({ hasText: mailUser.user });
  await expect(row.getByText('Ramping up: 10 of 30 today')).toBeVisible();
  await expect(row.getByRole('progressbar', { name: 'Sent today: 0 of 10' })).toBeVisible();

  // The domain is checked as soon as the mailbox is connected (e2e/dns-server.ts publishes
  // health.test: SPF passes, no DKIM key, DMARC only monitors).
  const domainCheck = row.locator('details').filter({ hasText: 'Domain check' });
  await expect(async () => {
    await page.reload();
    await expect(domainCheck.locator('summary').getByText('SPF')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await domainCheck.locator('summary').click();
  const recordRow = (label: string) => domainCheck.locator('div.space-y-1').filter({ hasText: label });
  await expect(recordRow('SPF').getByText('Pass', { exact: true })).toBeVisible();
  await expect(recordRow('SPF').getByText('v=spf1 ip4:127.0.0.1 -all')).toBeVisible();
  await expect(recordRow('DKIM').getByText('Fail', { exact: true })).toBeVisible();
  await expect(recordRow('DMARC').getByText('Warning', { exact: true })).toBeVisible();
  for (const dark of [false, true]) {
    await useTheme(page, dark);
    await domainCheck.screenshot({ path: `${shots}/domain-check-${dark ? 'dark' : 'light'}.png` });
  }
  await useTheme(page, false);
  await domainCheck.getByRole('button', { name: 'Check again' }).click();
  await expect(recordRow('SPF').getByText('Pass', { exact: true })).toBeVisible();
  await domainCheck.locator('summary').click();

  await sequenceFromTemplate(page);
  const created = await page.request.post(apiPaths.campaigns, {
    data: {
      type: 'manual',
      name: 'Radio',
      websiteUrl: 'https://lamarr.example',
      competitors: [],
      prospects: [
        { website: 'https://signals.example', contactEmail: 'sam@signals.example', contactName: 'Sam' },
        { website: 'https://torpedo.example', contactEmail: 'tia@torpedo.example', contactName: 'Tia' },
      ],
    },
  });
  expect(created.status()).toBe(201);
  await page.goto(`/dashboard/campaigns/${(await created.json()).id}`);
  await page.getByRole('tab', { name: 'Outreach' }).click();
  await page.getByRole('button', { name: 'Outreach Settings' }).click();
  await saveOutreachSettings(page, mailUser.user);
  await confirmSendEmails(page, 'Send to 2 prospects');

  const sent = await mail.smtp.waitFor(2, 60_000);
  // One recipient unsubscribes with the RFC 8058 one-click POST of the List-Unsubscribe header.
  const header = sent[0]!.raw.replace(/\r?\n(?=[ \t])/g, '');
  const unsubscribeUrl = /^List-Unsubscribe: <([^>]+)>/m.exec(header)![1]!;
  const unsubscribed = await page.request.post(unsubscribeUrl, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(unsubscribed.status()).toBe(200);

  await page.goto('/dashboard/emails');
  await expect(row.getByRole('progressbar', { name: 'Sent today: 2 of 10' })).toBeVisible();
  await row.getByRole('button', { name: 'Health' }).click();
  const panel = page.getByRole('region', { name: `Health of ${mailUser.user}` });
  await expect(panel.getByText(/^2 sent since/)).toBeVisible();
  const unsubscribes = panel.getByRole('row', { name: /Unsubscribes/ });
  await expect(unsubscribes).toHaveText(/Unsubscribes \(over the limit\)\s*1\s*50 %\s*2 %/);
  await expect(panel.getByRole('row', { name: /Hard bounces/ })).toHaveText(/Hard bounces\s*0\s*0 %\s*5 %/);
  // Over its limit, but two sends are no sample: the mailbox goes on sending.
  await expect(row.getByText('Connected', { exact: true })).toBeVisible();

  for (const [theme, dark] of [
    ['light', false],
    ['dark', true],
  ] as const) {
    // The theme toggle is in the sidebar, which phones fold away: switch on a desktop-sized page.
    await page.setViewportSize({ width: 1280, height: 900 });
    await useTheme(page, dark);
    // Red: a colour of its own, unlike the rows under their limit.
    const [over, under] = await Promise.all(
      [unsubscribes, panel.getByRole('row', { name: /Hard bounces/ })].map((r) =>
        r.evaluate((el) => getComputedStyle(el).color),
      ),
    );
    expect(over).not.toBe(under);
    await row.screenshot({ path: `${shots}/health-${theme}.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(panel).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await row.screenshot({ path: `${shots}/health-${theme}-390.png` });
  }

  await row.getByRole('button', { name: 'Pause' }).click();
  await expect(row.getByText(m.pausedLabel, { exact: true })).toBeVisible();
  await expect(row.getByText(m.pausedByUser)).toBeVisible();
  await row.getByRole('button', { name: 'Resume' }).click();
  await expect(row.getByText('Connected', { exact: true })).toBeVisible();
  await expect(row.getByText(m.pausedByUser)).toBeHidden();
});
