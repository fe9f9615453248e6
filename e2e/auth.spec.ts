import { expect, test } from '@playwright/test';
import { messages } from '../src/shared/messages';
import { apiPaths } from '../src/shared/paths';
import { logIn, newUser, signUp } from './support';

// Each test signs up a user of its own or stays signed out: the tests may run side by side.
test.describe.configure({ mode: 'parallel' });

test('sign-up shows the validation messages first, then lands on the dashboard with the sidebar', async ({
  page,
}) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Account' }).click();
  for (const message of [
    messages.auth.firstNameRequired,
    messages.auth.lastNameRequired,
    messages.auth.companyNameRequired,
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(messages.auth.invalidEmail)).toBeVisible();
  await expect(page.getByText(messages.auth.passwordTooShort)).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);

  const user = newUser();
  await signUp(page, user);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByText(`${user.firstName} ${user.lastName}`)).toBeVisible();
  await expect(sidebar.getByText(user.email)).toBeVisible();
  await expect(sidebar.getByText(user.companyName)).toBeVisible();
  for (const entry of [
    'Campaigns',
    'Contacts',
    'Email Accounts',
    'Email Sequences',
    'Live Links',
    'Guest Posts',
  ]) {
    await expect(sidebar.getByRole('link', { name: entry })).toBeVisible();
  }
});

test('sign out ends the session and goes to /login; the dashboard then redirects to /login', async ({
  page,
}) => {
  const user = newUser();
  await signUp(page, user);
  await page.getByTestId('sidebar').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  // The redirect replaced the history entry: Back does not return to the guarded page.
  expect(await page.evaluate(() => window.history.length)).toBeGreaterThan(0);

  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a wrong password and an unknown email give the same message', async ({ page }) => {
  const user = newUser();
  await signUp(page, user);
  await page.getByTestId('sidebar').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, user.email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText(messages.auth.invalidCredentials);
  await logIn(page, `nobody-${user.email}`, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText(messages.auth.invalidCredentials);
  await expect(page).toHaveURL(/\/login$/);
});

test('the dashboard redirects to /login when signed out', async ({ page }) => {
  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test('the login screen switches to sign-up and back', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: /sign up/i }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await page
    .getByRole('link', { name: /log in/i })
    .last()
    .click();
  await expect(page).toHaveURL(/\/login$/);
});

test('Settings → Security: a common password is refused, a new one works, and another browser is signed out', async ({
  page,
  browser,
}) => {
  const user = newUser();
  await signUp(page, user);
  const elsewhere = await browser.newContext();
  const otherPage = await elsewhere.newPage();
  await logIn(otherPage, user.email, user.password);
  await expect(otherPage).toHaveURL(/\/dashboard$/);

  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  const sessions = page.getByRole('list').filter({ hasText: 'This device' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);

  await page.getByLabel('Current password').fill(user.password);
  await page.getByLabel('New password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm new password').fill('password123');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText(messages.auth.passwordTooCommon)).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('analytical-engine-1843');
  await page.getByLabel('Confirm new password').fill('analytical-engine-1843');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText(messages.auth.passwordChanged)).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  await otherPage.goto('/dashboard/settings');
  await expect(otherPage).toHaveURL(/\/login$/);
  await logIn(otherPage, user.email, 'analytical-engine-1843');
  await expect(otherPage).toHaveURL(/\/dashboard$/);
  await elsewhere.close();
});

test('a signed-out visit to the auth screens or an invitation logs no console error', async ({
  browser,
  page,
}) => {
  // An invitation link to open signed out.
  await signUp(page, newUser());
  const issued = await page.request.post(apiPaths.invitations, { data: { email: null, role: 'member' } });
  expect(issued.status()).toBe(201);
  const invite = new URL(((await issued.json()) as { link: string }).link).pathname;

  const visitor = await (await browser.newContext()).newPage();
  const errors: string[] = [];
  visitor.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${visitor.url()}: ${message.text()}`);
  });
  visitor.on('pageerror', (error) => errors.push(`${visitor.url()}: ${error.message}`));
  for (const [path, heading] of [
    ['/login', 'Welcome Back'],
    ['/signup', 'Create Account'],
    [invite, 'Join Analytical Engines Ltd'],
  ]) {
    await visitor.goto(path!);
    await expect(visitor.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  expect(errors).toEqual([]);
  await visitor.context().close();
});
