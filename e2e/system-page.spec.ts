import { expect, test } from '@playwright/test';
import { apiPaths, paths } from '../src/shared/paths';
import type { IssuedInvitation } from '../src/shared/schemas/invitations';
import { systemMessages } from '../src/shared/schemas/system';
import { screenshots } from './screenshots';
import { newUser, signUp, verifyEmail } from './support';

/**
 * Settings → System (docs/product.md#system): a Full Access member sees the install's job queues
 * (the running app's worker made them), the workspace's mailboxes, webhooks and link monitoring,
 * and the backups; a failed load offers Try again; a Member of the same workspace has no System tab
 * and GET /api/system answers 403. Screenshots at 1280 and 390 px in both themes go to /tmp/shots.
 */
test('a Full Access member reads the System tab; a Member neither sees it nor reads its data', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const a = newUser({ firstName: 'Sys', lastName: 'Admin', companyName: 'Ops Agency' });
  const b = newUser({ firstName: 'Mem', lastName: 'Ber', companyName: 'Solo' });
  const pageA = await (await browser.newContext()).newPage();
  const pageB = await (await browser.newContext()).newPage();

  await signUp(pageA, a);
  await pageA.goto(paths.settingsTab('system'));
  await expect(pageA.getByRole('tab', { name: 'System' })).toHaveAttribute('data-state', 'active');
  // On a desktop (the default 1280 px) the twelve tabs wrap: every one is in view, none scrolled off.
  for (const tab of await pageA.getByRole('tab').all()) await expect(tab).toBeInViewport({ ratio: 1 });
  await expect(pageA.getByRole('heading', { name: 'Job queues' })).toBeVisible();
  await expect(pageA.getByText(systemMessages.installWide)).toBeVisible();
  // The app runs its workers in the same process: their queues are listed with their counts.
  await expect(pageA.getByRole('cell', { name: 'outreach-tick', exact: true })).toBeVisible();
  await expect(pageA.getByText(systemMessages.noMailboxes)).toBeVisible();
  await expect(pageA.getByText(systemMessages.noWebhookBacklog)).toBeVisible();
  await expect(pageA.getByText(systemMessages.noLiveLinks)).toBeVisible();
  await expect(pageA.getByText(systemMessages.backupNotScheduled)).toBeVisible();
  await expect(pageA.getByText(/^Checked /)).toBeVisible();
  await screenshots(pageA, 'system', () =>
    expect(pageA.getByRole('heading', { name: 'Job queues' })).toBeVisible(),
  );

  // A failed load says so and offers Try again, which loads it.
  let failing = true;
  await pageA.route(`**${apiPaths.system}`, (route) =>
    failing ? route.fulfill({ status: 503, body: '{}' }) : route.continue(),
  );
  await pageA.reload();
  await expect(pageA.getByText(systemMessages.loadFailed)).toBeVisible();
  failing = false;
  await pageA.getByRole('button', { name: 'Try again' }).click();
  await expect(pageA.getByRole('heading', { name: 'Job queues' })).toBeVisible();
  await pageA.unroute(`**${apiPaths.system}`);

  // B joins A's workspace as a Member.
  const invited = await pageA.request.post(apiPaths.invitations, { data: { email: null, role: 'member' } });
  expect(invited.status()).toBe(201);
  const token = new URL(((await invited.json()) as IssuedInvitation).link).pathname.split('/').pop()!;
  await signUp(pageB, b);
  await verifyEmail(pageB, b.email);
  const joined = await pageB.request.post(apiPaths.invitationAccept, { data: { token } });
  expect(joined.status()).toBe(200);
  const workspaceId = ((await joined.json()) as { id: string }).id;

  await pageB.evaluate((id) => sessionStorage.setItem('workspace-id', id), workspaceId);
  await pageB.goto(paths.settingsTab('system'));
  await expect(pageB.getByRole('tab', { name: 'Users' })).toBeVisible();
  await expect(pageB.getByRole('tab', { name: 'System' })).toHaveCount(0);
  await expect(pageB.getByRole('heading', { name: 'Job queues' })).toHaveCount(0);
  const refused = await pageB.request.get(apiPaths.system, { headers: { 'x-workspace-id': workspaceId } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    systemMessages.fullAccessOnly,
  );
});
