import { expect, test } from '@playwright/test';
import { apiPaths, paths, withId } from '../src/shared/paths';
import { localMailServers, replyMime } from './mail-servers';
import { campaignReadyToSend, okJson } from './outreach-api';
import { screenshots, shotsDir } from './screenshots';
import { newUser, signUp } from './support';

/** The fixture web (e2e/fixture-web-server.ts), as playwright.config.ts starts it. */
const fixtureWeb = `http://127.0.0.1:${process.env.FIXTURE_WEB_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1000}`;

const grace = { user: 'grace@claims-agency.test', pass: 'mailbox-password' };
const publisher = 'ed@claims.test';
const mail = localMailServers([grace]);

/**
 * Warranty claims end to end (docs/product.md#warranty-claims, docs/decisions/038-warranty-claims.md):
 * the publisher answered the pitch (a conversation in the Inbox), their post carries the link, the
 * prospect is won (Success) and its placement gets a price and a 12-month warranty; the publisher
 * turns the link nofollow, Check now finds it, a replacement claim opens with its proof, and a
 * polite follow-up waits as a draft in the publisher's conversation — nothing is sent.
 */
test('a link turned nofollow within the warranty opens a claim with its proof and a draft in the inbox', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const token = `c${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const pageUrl = `http://claims.test/post/${token}`;
  await signUp(page, newUser({ firstName: 'Grace', lastName: 'Hopper' }));
  const { campaignId } = await campaignReadyToSend(page, {
    mailUser: grace,
    ports: { smtp: mail.smtp.port, imap: mail.imap.port },
    name: 'Coffee links',
    prospects: [{ website: 'claims.test', contactEmail: publisher, contactName: 'Ed Brewer' }],
  });
  await okJson(await page.request.post(withId(apiPaths.campaignEnrollment, campaignId)));
  const [pitch] = await mail.smtp.waitFor(1, 60_000);
  await mail.imap.deliver(
    grace,
    replyMime(pitch!, `Ed Brewer <${publisher}>`, grace.user, 'Happy to link to your guide!'),
  );
  // The Inbox reads the mailbox (IDLE, re-read every 30 s): wait for the conversation.
  await expect
    .poll(async () => (await (await page.request.get(apiPaths.inboxThreads)).json()).items?.length ?? 0, {
      timeout: 100_000,
    })
    .toBe(1);

  // The link is live on their post; monitoring knows it.
  await okJson(
    await page.request.post(apiPaths.liveLinks, {
      data: { campaignId, url: 'https://mysite.example/guide', anchorText: 'coffee guide', pageUrl },
    }),
  );
  // Won: the placement takes the live link's page, target and anchor.
  const prospects = await (await page.request.get(withId(apiPaths.campaignProspects, campaignId))).json();
  expect(
    (
      await page.request.patch(withId(apiPaths.prospect, prospects.items[0].id), {
        data: { status: 'success' },
      })
    ).status(),
  ).toBe(200);

  await page.goto(paths.placements);
  const row = page.getByRole('row').filter({ hasText: 'claims.test' }).filter({ hasText: 'coffee guide' });
  await expect(row).toContainText('No warranty');
  await row.getByRole('button', { name: /^Edit placement/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Price').fill('150');
  await dialog.getByRole('combobox', { name: 'Warranty' }).click();
  await page.getByRole('option', { name: '12 months' }).click();
  await dialog.getByRole('button', { name: 'Save placement' }).click();
  await expect(page.getByText('Placement saved')).toBeVisible();
  await expect(row).toContainText('Warranty to');
  const claims = page.locator('[aria-labelledby="claims-title"]').or(page.getByText('No open claims'));
  await expect(page.getByText('No open claims')).toBeVisible();

  // The publisher turns the link nofollow; Check now finds it.
  expect((await request.get(`${fixtureWeb}/links-test/${token}/nofollow`)).ok()).toBe(true);
  await page.goto(paths.liveLinks);
  const linkRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Check now ${pageUrl}` }) });
  await expect(async () => {
    await page.reload();
    await expect(linkRow).not.toContainText('Not checked yet', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await linkRow.getByRole('button', { name: `Check now ${pageUrl}` }).click();
  await expect(linkRow.getByRole('button', { name: /^suspicious: check history/ })).toBeVisible();

  // The claim is open on the Placements page, with its proof.
  await page.goto(paths.placements);
  await expect(row.getByRole('button', { name: `Open claim on ${pageUrl}` })).toContainText('Claim open');
  await expect(row).toContainText('the link no longer carries the agreed rel');
  await expect(claims.getByRole('row').filter({ hasText: 'claims.test' })).toContainText('Open');
  await page.getByRole('button', { name: `View claim on ${pageUrl}` }).click();
  const claim = page.getByRole('dialog', { name: /Replacement claim/ });
  await expect(claim.getByRole('region', { name: 'What changed' })).toContainText(
    'the link no longer carries the agreed rel',
  );
  const proof = claim.getByRole('region', { name: 'Proof' });
  await expect(proof).toContainText('HTTP status200');
  await expect(proof.getByLabel('HTML fragment')).toContainText('rel="nofollow"');
  const snapshotHref = await proof.getByRole('link', { name: 'Download page snapshot' }).getAttribute('href');
  const snapshot = await page.request.get(snapshotHref!);
  expect(snapshot.headers()['content-disposition']).toMatch(/^attachment;/);
  expect(snapshot.headers()['content-security-policy']).toBe('sandbox');
  expect(await snapshot.text()).toContain('rel="nofollow"');
  await screenshots(page, 'placement-claim', async () => {
    await expect(page.getByRole('dialog', { name: /Replacement claim/ })).toBeVisible();
  });

  // The follow-up waits as Grace's draft in the publisher's conversation; nothing was sent.
  await claim.getByRole('link', { name: 'Open conversation' }).click();
  const conversation = page.getByRole('region', { name: 'Conversation', exact: true });
  const answer = conversation.getByLabel('Your answer');
  await expect(answer).toHaveValue(/Hi Ed,/);
  for (const quoted of [
    '"coffee guide"',
    'rel): dofollow',
    'https://mysite.example/guide',
    'Warranty until: 20',
    'HTTP status: 200',
    'rel="nofollow"',
  ])
    await expect(answer).toHaveValue(new RegExp(quoted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  expect(mail.smtp.messages).toHaveLength(1);
  await screenshots(page, 'placement-claim-draft');

  // The publisher offers another post: the claim is resolved as replaced by a new placement.
  await page.goto(paths.placements);
  await screenshots(page, 'placement-claims-list');
  await row.getByRole('button', { name: `Open claim on ${pageUrl}` }).click();
  const moves = claim.getByRole('region', { name: 'Move the claim' });
  await moves.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shotsDir}/placement-claim-moves-1280.png` });
  await moves.getByRole('button', { name: 'Replaced…' }).click();
  await moves.getByLabel('Page URL of the replacement link').fill('claims.test/new-guide');
  await moves.getByRole('button', { name: 'Record replacement' }).click();
  await expect(page.getByText('Claim updated')).toBeVisible();
  await expect(claim.getByRole('region', { name: 'Resolution' })).toContainText('Replaced on');
  await screenshots(page, 'placement-claim-resolved');
  await page.keyboard.press('Escape');
  await expect(page.getByText('No open claims')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'claims.test/new-guide' })).toContainText(
    'Warranty to',
  );
});
