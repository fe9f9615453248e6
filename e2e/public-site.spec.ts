import { expect, test } from '@playwright/test';
import { limits } from '../src/shared/limits';
import { gotoHydrated, newUser, signUp } from './support';

// Each test is a visitor of its own (one signs up its own user): the tests may run side by side.
test.describe.configure({ mode: 'parallel' });

test('the landing page has its sections in order, and the navigation links land on the anchors', async ({
  page,
}) => {
  await gotoHydrated(page, '/');
  const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
  expect(headings).toEqual([
    'Everything link building needs, in one place',
    'From website to live backlinks in three steps',
    'Plans that grow with your link building',
    'Frequently asked questions',
    'Start winning backlinks this week',
  ]);
  await expect(page.getByRole('img', { name: /LinkPilot dashboard/ })).toBeVisible();
  for (const claim of ['DA 54', '75%', '85%'])
    await expect(page.getByText(claim, { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('demo-video')).toContainText('3:24');
  await expect(page.locator('#features li')).toHaveCount(8);
  await expect(page.locator('#how-it-works ol > li')).toHaveCount(3);

  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [name, id] of [
    ['Pricing', 'pricing'],
    ['How it works', 'how-it-works'],
    ['Features', 'features'],
  ]) {
    await nav.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/#${id}$`));
    await expect(page.locator(`#${id} h2`)).toBeInViewport();
  }
});

test('the navigation bar turns opaque after 20 px of scroll', async ({ page }) => {
  await gotoHydrated(page, '/');
  const header = page.getByRole('banner');
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  await page.evaluate((y) => window.scrollTo(0, y), limits.navScrollThresholdPx + 30);
  await expect(header).toHaveAttribute('data-scrolled', 'true');
});

test('pricing switches between monthly and annual billing', async ({ page }) => {
  await gotoHydrated(page, '/#pricing');
  const standard = page.getByTestId('plan-standard');
  await expect(standard.getByTestId('plan-price')).toHaveText('$249');
  await expect(standard).toContainText('MOST POPULAR');
  await page.getByRole('button', { name: /Annual/ }).click();
  await expect(standard.getByTestId('plan-price')).toHaveText('$199');
  await expect(standard.getByTestId('plan-billing')).toHaveText('$2,390 billed yearly');
  await expect(page.getByTestId('plan-enterprise').getByTestId('plan-price')).toHaveText('$1,199');
  await page.getByRole('button', { name: 'Monthly' }).click();
  await expect(standard.getByTestId('plan-price')).toHaveText('$249');
});

test('the FAQ keeps one item open, the first initially, and closes the open item on click', async ({
  page,
}) => {
  await gotoHydrated(page, '/');
  const questions = page.locator('section[aria-labelledby="faq-title"] h3 button');
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
  await questions.nth(2).click();
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
  await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Starter covers up to 3 websites')).toBeVisible();
  await questions.nth(2).click();
  await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Starter covers up to 3 websites')).toBeHidden();
  // Keyboard: Enter on a focused question opens it.
  await questions.nth(1).focus();
  await page.keyboard.press('Enter');
  await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'true');
});

test('on a phone the menu opens, closes, and closes when a link inside is followed', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, '/');
  const toggle = page.getByLabel('Menu', { exact: true });
  await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeVisible();
  await toggle.click();
  await expect(menu).toBeHidden();
  await toggle.click();
  await menu.getByRole('link', { name: 'Pricing' }).click();
  await expect(menu).toBeHidden();
  await expect(page.locator('#pricing h2')).toBeInViewport();
  await toggle.click();
  await menu.getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
});

test('on a phone the menu opens before, and without, the page’s script', async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeHidden();
  await page.getByLabel('Menu', { exact: true }).click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Sign up free' })).toBeVisible();
  await menu.getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await context.close();
});

test('a signed-in visitor of the public pages is offered the dashboard, not Log in / Sign up', async ({
  page,
}) => {
  await signUp(page, newUser());
  for (const path of ['/', '/blog']) {
    await page.goto(path);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Go to dashboard' })).toBeVisible();
    await expect(header.getByRole('link', { name: /Log in|Sign up free/ })).toHaveCount(0);
  }
  await page.getByRole('banner').getByRole('link', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  // …and a signed-out one still sees the way in.
  await page.context().clearCookies();
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
});

test('the theme chosen on a server-rendered page survives reloads with no flash', async ({ page }) => {
  await gotoHydrated(page, '/about');
  await page.getByTestId('theme-toggle').first().click();
  await page.goto('/blog', { waitUntil: 'commit' });
  await page.waitForSelector('head script', { state: 'attached' });
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
});

test('every public page arrives as HTML with its text and head tags, without JavaScript', async ({
  request,
  browser,
}) => {
  const pages: [string, string, string][] = [
    ['/', 'LinkPilot — AI-assisted link building outreach', 'Frequently asked questions'],
    ['/about', 'About | LinkPilot', 'Four reasons to choose LinkPilot'],
    ['/blog', 'Blog | LinkPilot', 'Link building guides'],
    ['/terms', 'Terms of Service | LinkPilot', 'Acceptable use and outreach rules'],
    ['/privacy', 'Privacy Policy | LinkPilot', 'To delete your account'],
    ['/cookies', 'Cookie Policy | LinkPilot', 'theme-storage'],
    ['/contact', 'Contact Us | LinkPilot', 'Australia'],
  ];
  for (const [path, title, text] of pages) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(text);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(html).toMatch(
      new RegExp(`<link rel="canonical" href="http://localhost:\\d+${path === '/' ? '/' : path}"`),
    );
    expect(html).toContain('<meta property="og:title"');
  }

  // A real browser with scripts off shows the same content.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('AI-assisted link building outreach');
  await expect(page.getByTestId('plan-professional')).toContainText('$449');
  await context.close();

  const missing = await request.get('/no-such-page');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('Page not found');
  expect((await request.get('/robots.txt')).status()).toBe(200);
  expect(await (await request.get('/sitemap.xml')).text()).toContain('/privacy</loc>');
});

test('public pages load the islands entry, never the SPA or dashboard code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  for (const path of ['/', '/blog', '/about', '/contact'])
    await page.goto(path, { waitUntil: 'networkidle' });
  expect(scripts.some((s) => /\/assets\/public-[^/]*\.js$/.test(s))).toBe(true);
  expect(scripts.filter((s) => /\/assets\/index-|dashboard|auth-/.test(s))).toEqual([]);
});

test('the contact form shows its messages, then sends and clears', async ({ page }) => {
  await gotoHydrated(page, '/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  for (const message of [
    'Name is required',
    'Email is required',
    'Subject is required',
    'Message is required',
  ])
    await expect(page.getByText(message)).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('grace@example.com');
  await page.getByLabel('Subject', { exact: true }).fill('Agency plan');
  await page.getByLabel('Message', { exact: true }).fill('Do you have an agency discount?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your message has been sent' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
});
