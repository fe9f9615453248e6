import { expect, test, type Page } from '@playwright/test';
import { apiPaths, paths } from '../src/shared/paths';
import { workspaceMessages } from '../src/shared/roles';
import { invitationMessages } from '../src/shared/schemas/invitations';
import { screenshots } from './screenshots';
import { fillSignUpForm, newUser, signUp, verifyEmail } from './support';

/**
 * Two people, one workspace: A invites B as a member, B signs up from the link and joins, both work
 * on the same campaign, B's change reaches A's open page live and A's activity log, B cannot manage
 * members, and once A removes B, B's next request to the workspace is refused. Screenshots of the
 * Users, Activity and invitation screens at 1280 and 390 px in both themes go to /tmp/shots (SHOTS_DIR).
 */
const row = (page: Page, website: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: website, exact: true }) });

test('A invites B, they share a campaign, B’s change reaches A live and in the log, A removes B', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const a = newUser({ firstName: 'Ada', lastName: 'Agency', companyName: 'Ada Agency' });
  const b = newUser({ firstName: 'Bea', lastName: 'Bee', companyName: 'Bea Freelance' });
  const pageA = await (await browser.newContext()).newPage();
  const pageB = await (await browser.newContext()).newPage();

  await signUp(pageA, a);
  const created = await pageA.request.post(apiPaths.campaigns, {
    data: {
      type: 'manual',
      name: 'Shared locks',
      websiteUrl: 'https://lockshop.example',
      competitors: [],
      prospects: [
        { website: 'cyclingweekly.example', contactEmail: 'ed@cyclingweekly.example', contactName: 'Ed' },
        { website: 'commuterlife.example', contactEmail: 'cat@commuterlife.example', contactName: 'Cat' },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const campaignId = ((await created.json()) as { id: string }).id;

  // A invites B as a member; the link is shown to copy whether or not it was emailed.
  await pageA.goto(paths.settings);
  await pageA.getByRole('tab', { name: 'Users' }).click();
  await pageA.getByLabel('Email address').fill(b.email);
  await pageA.getByRole('button', { name: 'Invite', exact: true }).click();
  const link = await pageA.getByLabel('Invitation link').inputValue();
  expect(new URL(link).pathname).toMatch(/^\/invite\//);
  await expect(pageA.getByText(b.email).first()).toBeVisible();
  await screenshots(pageA, 'users-full', () => pageA.getByRole('tab', { name: 'Users' }).click());

  // B opens the link, creates an account from it and comes back; joining needs a verified address.
  await pageB.goto(link);
  await expect(pageB.getByText(`Ada Agency`).first()).toBeVisible();
  await screenshots(pageB, 'invite-signed-out');
  await pageB.getByRole('link', { name: 'Create account' }).click();
  await fillSignUpForm(pageB, b);
  await pageB.getByRole('button', { name: 'Create Account' }).click();
  await expect(pageB).toHaveURL(new URL(link).pathname);
  // Not offered Join until the address is verified: told so up front, with a button for a new link.
  await expect(pageB.getByText(invitationMessages.verifyToJoin)).toBeVisible();
  await expect(pageB.getByRole('button', { name: 'Send the link again' })).toBeVisible();
  await expect(pageB.getByRole('button', { name: 'Join Ada Agency' })).toHaveCount(0);
  await screenshots(pageB, 'invite-verify-first');
  await verifyEmail(pageB, b.email);
  await pageB.goto(link);
  await pageB.getByRole('button', { name: 'Join Ada Agency' }).click();
  await expect(pageB).toHaveURL(/\/dashboard$/);
  await expect(pageB.getByTestId('sidebar').getByRole('combobox', { name: 'Organization' })).toHaveValue(
    /.+/,
  );

  // Both see the same campaign; B marks a prospect Success and A's open page follows, live.
  await pageA.goto(paths.campaign(campaignId));
  await expect(row(pageA, 'cyclingweekly.example')).toBeVisible();
  await pageB.goto(paths.campaign(campaignId));
  await expect(pageB.getByRole('heading', { name: 'Shared locks' })).toBeVisible();
  await row(pageB, 'cyclingweekly.example').getByRole('button', { name: 'Success' }).click();
  await expect(row(pageB, 'cyclingweekly.example').getByText('success', { exact: true })).toBeVisible();
  await expect(row(pageA, 'cyclingweekly.example').getByText('success', { exact: true })).toBeVisible();

  // …and in A's activity log, by name.
  await pageA.goto(paths.settings);
  await pageA.getByRole('tab', { name: 'Activity' }).click();
  await expect(pageA.getByText(/marked \S*cyclingweekly\.example success/)).toBeVisible();
  await expect(pageA.getByText('Bea Bee').first()).toBeVisible();
  await screenshots(pageA, 'activity', () => pageA.getByRole('tab', { name: 'Activity' }).click());

  // B is a member: no invitations, no role changes, no Remove.
  await pageB.goto(paths.settings);
  await pageB.getByRole('tab', { name: 'Users' }).click();
  await expect(pageB.getByText(a.email)).toBeVisible();
  await expect(pageB.getByRole('button', { name: 'Invite', exact: true })).toHaveCount(0);
  await expect(pageB.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  for (const select of await pageB.getByRole('combobox', { name: /^Role of / }).all())
    await expect(select).toBeDisabled();
  const workspaceId = await pageB.evaluate(() => sessionStorage.getItem('workspace-id'));
  const asMember = await pageB.request.get(apiPaths.invitations, {
    headers: { 'x-workspace-id': workspaceId! },
  });
  expect(asMember.status()).toBe(403);

  // A removes B; B's next request to the workspace is refused.
  await pageA.goto(paths.settings);
  await pageA.getByRole('tab', { name: 'Users' }).click();
  await pageA.getByRole('button', { name: 'Remove Bea Bee' }).click();
  await pageA.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(pageA.getByText('Bea Bee was removed from the workspace')).toBeVisible();
  const refused = await pageB.request.get(apiPaths.campaigns, {
    headers: { 'x-workspace-id': workspaceId! },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    workspaceMessages.notMember,
  );
  await pageB.goto(paths.campaign(campaignId));
  await expect(pageB.getByRole('heading', { name: 'Shared locks' })).toHaveCount(0);
});
