import { expect, test, type Page } from '@playwright/test';
import { messages } from '../src/shared/messages';
import { apiPaths } from '../src/shared/paths';
import {
  connectLocalMailbox,
  openSendingWindowAlways,
  saveOutreachSettings,
  sequenceFromTemplate,
} from './outreach-steps';
import { fillSignUpForm, newUser, signUp } from './support';
import { localMailServers } from './mail-servers';

/**
 * A double click on a button that creates something does it once (docs/decisions/018-idempotency-keys.md):
 * the form ignores the second submit while the first runs, and the screen tells what the first did.
 */
const mailUser = { user: 'ada@double.test', pass: 'difference-engine' };
const mail = localMailServers([mailUser]);

/** The POST requests the page sends to `path` from now on. */
function postsTo(page: Page, path: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) seen.push(request.url());
  });
  return seen;
}

test('a double-clicked sign-up creates one account and lands in the dashboard', async ({ page }) => {
  const user = newUser({ firstName: 'Ada', lastName: 'Double' });
  const signUps = postsTo(page, apiPaths.signUp);
  await page.goto('/signup');
  await fillSignUpForm(page, user);
  await page.getByRole('button', { name: 'Create Account' }).dblclick();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('sidebar').getByText(user.email)).toBeVisible();
  await expect(page.getByText(messages.auth.emailTaken)).toHaveCount(0);
  expect(signUps).toHaveLength(1);
});

test('a double-clicked Send Emails enrolls each prospect once and each gets its first step', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser({ firstName: 'Ada', lastName: 'Lovelace' }));
  await openSendingWindowAlways(page, 'Analytical Engines Ltd, 12 St James Square, London');
  await connectLocalMailbox(page, mailUser, { smtp: mail.smtp.port, imap: mail.imap.port });
  await sequenceFromTemplate(page);
  const created = await page.request.post(apiPaths.campaigns, {
    data: {
      type: 'manual',
      name: 'Engines',
      websiteUrl: 'https://engines.example',
      competitors: [],
      prospects: [
        {
          website: 'bernoulli.example',
          contactEmail: 'jakob@bernoulli.example',
          contactName: 'Jakob Bernoulli',
        },
        {
          website: 'babbage.example',
          contactEmail: 'charles@babbage.example',
          contactName: 'Charles Babbage',
        },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const campaignId = (await created.json()).id as string;
  await page.goto(`/dashboard/campaigns/${campaignId}`);
  await page.getByRole('tab', { name: 'Outreach' }).click();
  await page.getByRole('button', { name: 'Outreach Settings' }).click();
  await saveOutreachSettings(page, mailUser.user);

  const enrollmentPath = apiPaths.campaignEnrollment.replace(':id', campaignId);
  const enrollments = postsTo(page, enrollmentPath);
  await page.getByRole('button', { name: 'Send Emails' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send Emails' });
  await confirm.getByRole('button', { name: 'Send to 2 prospects' }).dblclick();
  await expect(page.getByText('2 prospects enrolled: sending has started')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(/No pending prospect/)).toHaveCount(0);
  expect(enrollments).toHaveLength(1);

  const received = await mail.smtp.waitFor(2, 60_000);
  expect(received.map((message) => message.to[0]).sort()).toEqual([
    'charles@babbage.example',
    'jakob@bernoulli.example',
  ]);
  expect(received.map((message) => message.parsed.subject).sort()).toEqual([
    'Article idea for babbage.example',
    'Article idea for bernoulli.example',
  ]);
  // The campaign's own count: one enrollment per prospect, both sent.
  await page.reload();
  const panel = page.getByRole('region', { name: 'Outreach' });
  await expect(panel.getByText(/Enrolled 2 · Queued 0 · Sent 2/)).toBeVisible({ timeout: 30_000 });
});
