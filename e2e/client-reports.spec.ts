import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { apiPaths, paths, withQuery } from '../src/shared/paths';
import { reportFigures } from '../src/shared/report-figures';
import type { Report } from '../src/shared/schemas/reports';
import { screenshots } from './screenshots';
import { newUser, signUp } from './support';

/** The text of a PDF as poppler's pdftotext reads it, white space folded. */
function pdfText(pdf: Buffer): string {
  const run = spawnSync('/usr/bin/pdftotext', ['-', '-'], { input: pdf });
  expect(run.status, String(run.stderr)).toBe(0);
  return String(run.stdout).replace(/\s+/g, ' ');
}

/** A day of last month (YYYY-MM-DD): inside the report's default dates and the monthly schedule's period. */
function lastMonthDay(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 12)).toISOString().slice(0, 10);
}

/**
 * End to end on local servers (docs/decisions/039-client-reports.md): a client with a priced
 * placement → the Reports page → a share link opened signed out shows the placement and the spend →
 * its PDF has the same figures (pdftotext) → a monthly schedule emails the PDF to the client's
 * report address at the outbox SMTP server.
 */
test('a client report is shared signed out, downloaded as PDF with the same figures, and emailed on schedule', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser());
  const reportAddress = `reports-${Date.now()}@acme-roasters.test`;
  const client = await page.request.post(apiPaths.clients, {
    data: { name: 'Acme Roasters', domains: ['acme.test'], reportEmails: [reportAddress] },
  });
  expect(client.status()).toBe(201);
  const clientId = (await client.json()).id as string;
  const liveAt = lastMonthDay();
  const placement = await page.request.post(apiPaths.placements, {
    data: {
      clientId,
      pageUrl: 'https://beanblog.test/best-grinders',
      targetUrl: 'https://acme.test/grinders',
      anchorText: 'coffee grinders',
      liveAt,
      priceMinor: 15000,
      currency: 'EUR',
    },
  });
  expect(placement.status()).toBe(201);

  await page.goto(paths.reports);
  await expect(page.getByText('Choose a client or a campaign')).toBeVisible();
  await page.getByRole('combobox', { name: 'Client or campaign' }).click();
  await page.getByRole('option', { name: 'Client: Acme Roasters' }).click();
  await expect(page.getByRole('heading', { name: 'Link report: Acme Roasters' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'https://beanblog.test/best-grinders' });
  await expect(row).toContainText('coffee grinders');
  await expect(row).toContainText('€150.00');
  await expect(page.getByText('€150.00 per link')).toBeVisible();

  await page.getByRole('button', { name: 'Create share link' }).click();
  const shareUrl = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(shareUrl).toContain('/r/');
  const from = await page.getByLabel('From').inputValue();
  const to = await page.getByLabel('To', { exact: true }).inputValue();
  const answer = await page.request.get(withQuery(apiPaths.reports, { clientId, from, to }));
  expect(answer.status()).toBe(200);
  const json = (await answer.json()) as Report;
  const figures = reportFigures(json);
  expect(figures.money).toEqual([{ currency: 'EUR', links: '1', spend: '€150.00', costPerLink: '€150.00' }]);
  await screenshots(page, 'client-reports');

  // Signed out, in a browser of its own.
  const visitor = await browser.newContext();
  const shared = await visitor.newPage();
  const response = await shared.goto(shareUrl);
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(shared.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(shared.getByRole('heading', { name: 'Link report: Acme Roasters' })).toBeVisible();
  await expect(shared.getByRole('cell', { name: 'https://beanblog.test/best-grinders' })).toBeVisible();
  await expect(shared.getByRole('cell', { name: '€150.00' }).first()).toBeVisible();
  const downloading = shared.waitForEvent('download');
  await shared.getByRole('link', { name: 'Download PDF' }).click();
  const download = await downloading;
  const text = pdfText(readFileSync((await download.path())!));
  expect(text).toContain(figures.title);
  expect(text).toContain(`Links built: ${figures.linksBuilt}`);
  for (const [label, value] of figures.funnel) expect(text).toContain(`${label}: ${value}`);
  expect(text).toContain('EUR: €150.00 for 1 link, €150.00 per link');
  expect(text).toContain('https://beanblog.test/best-grinders');
  await screenshots(shared, 'client-report-shared');
  await visitor.close();

  // A monthly schedule: the last full month's PDF goes to the client's report address.
  await page.getByRole('combobox', { name: 'Email it' }).click();
  await page.getByRole('option', { name: 'Every month' }).click();
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Schedule saved')).toBeVisible();
  let mail:
    { subject: string; attachments: { filename: string; contentType: string; base64: string }[] } | undefined;
  await expect
    .poll(
      async () => {
        const answer = await fetch(
          `${process.env.OUTBOX_URL}/messages?to=${encodeURIComponent(reportAddress)}`,
        );
        mail = ((await answer.json()) as (typeof mail)[]).at(-1);
        return mail?.subject;
      },
      { message: `a scheduled report sent to ${reportAddress}`, timeout: 30_000 },
    )
    .toContain('Link report: Acme Roasters');
  const attachment = mail!.attachments.find((a) => a.contentType === 'application/pdf');
  expect(attachment?.filename).toMatch(/\.pdf$/);
  const mailed = pdfText(Buffer.from(attachment!.base64, 'base64'));
  expect(mailed).toContain('https://beanblog.test/best-grinders');
  expect(mailed).toContain('EUR: €150.00 for 1 link, €150.00 per link');
  await page.reload();
  const scheduleRow = page
    .getByRole('row')
    .filter({ hasText: 'Acme Roasters' })
    .filter({ hasText: reportAddress });
  await expect(scheduleRow).toContainText(liveAt.slice(0, 7));
});
