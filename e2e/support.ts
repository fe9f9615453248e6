import { expect, type Page } from '@playwright/test';

export interface NewUser {
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  password: string;
}

/** A user no other test has used. */
export function newUser(overrides: Partial<NewUser> = {}): NewUser {
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    companyName: 'Analytical Engines Ltd',
    email: `ada-${id}@example.com`,
    password: 'difference-engine',
    ...overrides,
  };
}

/** Signs up through the /signup screen and waits for the dashboard. */
export async function signUp(page: Page, user: NewUser): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Company name').fill(user.companyName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs in through the /login screen. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The install's first user, signed up by install-owner.setup.ts before any spec: the one 'full' user. */
export const installOwner = newUser({ firstName: 'Owen', lastName: 'Owner', email: 'owner@linkpilot.test' });
