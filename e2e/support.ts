import { expect, type Page } from '@playwright/test';
import { messages } from '../src/shared/messages';

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

/** Fills in the open sign-up form with `user`, leaving the submit to the caller. */
export async function fillSignUpForm(page: Page, user: NewUser): Promise<void> {
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Company name').fill(user.companyName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
}

/** Signs up through the /signup screen and waits for the dashboard. */
export async function signUp(page: Page, user: NewUser): Promise<void> {
  await page.goto('/signup');
  await fillSignUpForm(page, user);
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

/** The address playwright.config.ts lists in ADMIN_EMAILS: whoever signs up with it may author the blog. */
export const adminEmail = 'blog-admin@e2e.example.com';

/**
 * Opens a page and waits until React has hydrated all of it, so clicks reach their handlers instead
 * of inert server markup: the theme toggle has React props, and so has the top element of every
 * island (a public page hydrates each island as a root of its own, loaded on its own; a root's top
 * element gets its props last, when the whole island has hydrated).
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => {
    const hydrated = (element: Element | null) =>
      element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps'));
    const islands = [...document.querySelectorAll('[data-island]')];
    return (
      hydrated(document.querySelector('[data-testid="theme-toggle"]')) &&
      islands.every((island) => hydrated(island.firstElementChild))
    );
  });
}
/** The install's first user, signed up by install-owner.setup.ts before any spec: the one 'full' user. */
export const installOwner = newUser({ firstName: 'Owen', lastName: 'Owner', email: 'owner@linkpilot.test' });

/**
 * Opens the email verification link the app sent to `email` (read from the outbox,
 * e2e/outbox-server.ts, at OUTBOX_URL) in `page`, as the user would from their inbox, and waits
 * for the dashboard to say the address is verified.
 */
export async function verifyEmail(page: Page, email: string): Promise<void> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${process.env.OUTBOX_URL}/messages?to=${encodeURIComponent(email)}`);
        const messages = (await response.json()) as { text: string }[];
        link = messages.at(-1)?.text.match(/https?:\/\/\S+verify-email\S*/)?.[0];
        return link;
      },
      { message: `a verification link sent to ${email}` },
    )
    .toBeTruthy();
  await page.goto(link!);
  await expect(page.getByText(messages.auth.emailVerified)).toBeVisible();
}

/**
 * Holds the page's `method` requests to `url` (a glob, as `page.route` takes it) until the returned
 * function is called: the start call of a run answers in milliseconds, and holding it lets a test
 * see what the page shows while it is under way, then let it through once seen.
 */
export async function holdRequests(page: Page, url: string, method: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() === method) await released;
    await route.continue();
  });
  return release;
}
