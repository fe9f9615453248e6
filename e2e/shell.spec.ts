import { expect, test } from '@playwright/test';
import { messages } from '../src/shared/messages';
import { newUser, signUp } from './support';

// Each test signs up a user of its own or stays signed out: the tests may run side by side.
test.describe.configure({ mode: 'parallel' });

test('every dashboard route opens inside the shell', async ({ page }) => {
  await signUp(page, newUser());
  const routes: [string, string][] = [
    ['/dashboard/contacts', 'Contacts'],
    ['/dashboard/emails', 'Email Accounts'],
    ['/dashboard/sequences', 'Email Sequences'],
    ['/dashboard/live-links', 'Live Links'],
    ['/dashboard/guest-posts', 'Guest Post Generator'],
    ['/dashboard/settings', 'Settings'],
  ];
  for (const [route, heading] of routes) {
    await page.goto(route);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByTestId('sidebar')).toBeVisible();
  }
});

test('on a phone the sidebar slides in from the menu button and closes on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, newUser());
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const panel = page.getByTestId('mobile-sidebar');
  await expect(panel).toBeVisible();
  await panel.getByRole('link', { name: 'Contacts' }).click();
  await expect(page).toHaveURL(/\/dashboard\/contacts$/);
  await expect(panel).toBeHidden();
});

test('public pages have the navigation bar and footer; unknown pages say so', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('banner');
  await expect(nav.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign up free' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  for (const name of [
    'About',
    'Contact',
    'Terms',
    'Privacy',
    'Cookies',
    'Documentation',
    'Help Center',
    'Guides',
  ]) {
    await expect(footer.getByRole('link', { name })).toBeVisible();
  }
  await page.goto('/no-such-page');
  await expect(page.getByText(/page not found/i)).toBeVisible();
  expect(messages.generic.routerError).toBe('Unexpected Application Error!');
});
