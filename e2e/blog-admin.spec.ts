import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { THEME_STORAGE_KEY } from '../src/shared/limits';
import { apiPaths } from '../src/shared/paths';
import { gotoHydrated, newUser, signUp, verifyEmail } from './support';

/** The second address playwright.config.ts lists in ADMIN_EMAILS: this spec's admin, apart from blog.spec.ts's. */
const editorEmail = 'blog-editor@e2e.example.com';
const shots = '/tmp/shots';
const stamp = Date.now().toString(36);

const postRow = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Posts' }).getByRole('listitem').filter({ hasText: title });

async function openPostList(page: Page): Promise<void> {
  await gotoHydrated(page, '/blog/admin?tab=posts');
  await expect(page.getByRole('tab', { name: 'Posts', selected: true })).toBeVisible();
}

test('an admin edits, renames, unpublishes and deletes a post; the old slug redirects', async ({
  page,
  browser,
}) => {
  // One long journey (create, edit, redirect, unpublish, four screenshots, delete): more than the default 30 s.
  test.setTimeout(90_000);
  await signUp(page, newUser({ email: editorEmail, firstName: 'Blog', lastName: 'Editor' }));
  // ADMIN_EMAILS makes an address blog admin once its owner has proved it is theirs.
  await verifyEmail(page, editorEmail);
  const title = `Edit me ${stamp}`;
  const oldSlug = `edit-me-${stamp}`;
  const newSlug = `renamed-${stamp}`;

  await gotoHydrated(page, '/blog/admin');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill('First version of the body.');
  await page.getByLabel('Publish immediately').check();
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Post created successfully!' })).toBeVisible();

  // The list shows it as published; editing keeps the slug filled in, the admin changes it.
  await page.getByRole('tab', { name: 'Posts' }).click();
  await expect(postRow(page, title)).toContainText('Published');
  await postRow(page, title)
    .getByRole('link', { name: `Edit ${title}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Blog Post' })).toBeVisible();
  await expect(page.getByLabel('Slug')).toHaveValue(oldSlug);
  await page.getByLabel('Title').fill(`Renamed ${stamp}`);
  await expect(page.getByLabel('Slug')).toHaveValue(oldSlug);
  await page.getByLabel('Slug').fill(newSlug);
  await page.getByLabel('Content').fill('Second version of the body.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/blog\/admin\?tab=posts$/);
  await expect(postRow(page, `Renamed ${stamp}`)).toContainText(`/blog/${newSlug}`);

  // A visitor following an old link lands on the new address (301 from the page and from the API).
  const visitor = await (await browser.newContext()).newPage();
  const moved = await visitor.request.get(`/blog/${oldSlug}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/blog/${newSlug}`);
  expect(moved.headers()['cache-control']).toBe('no-cache');
  const movedApi = await visitor.request.get(apiPaths.blogPost(oldSlug), { maxRedirects: 0 });
  expect(movedApi.status()).toBe(301);
  expect(movedApi.headers().location).toBe(apiPaths.blogPost(newSlug));
  await visitor.goto(`/blog/${oldSlug}`);
  await expect(visitor).toHaveURL(new RegExp(`/blog/${newSlug}$`));
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(`Renamed ${stamp}`);
  await expect(visitor.getByText('Second version of the body.')).toBeVisible();

  // Unpublished: gone from /blog, its address and the old one answer 404.
  await postRow(page, `Renamed ${stamp}`)
    .getByRole('button', { name: `Unpublish Renamed ${stamp}` })
    .click();
  await expect(postRow(page, `Renamed ${stamp}`)).toContainText('Draft');
  await gotoHydrated(visitor, '/blog');
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.getByText(`Renamed ${stamp}`)).toHaveCount(0);
  expect((await visitor.request.get(`/blog/${newSlug}`)).status()).toBe(404);
  expect((await visitor.request.get(`/blog/${oldSlug}`, { maxRedirects: 0 })).status()).toBe(404);
  await visitor.goto(`/blog/${newSlug}`);
  await expect(visitor.getByText('Blog post not found')).toBeVisible();

  // Screenshots of the list with a draft in it, both widths and themes.
  mkdirSync(shots, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
      key: THEME_STORAGE_KEY,
      value: theme,
    });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await openPostList(page);
      await expect(postRow(page, `Renamed ${stamp}`)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        theme === 'dark',
      );
      await page.screenshot({ path: `${shots}/blog-admin-${width}-${theme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Delete asks first; Cancel keeps the post, Delete removes it.
  await postRow(page, `Renamed ${stamp}`)
    .getByRole('button', { name: `Delete Renamed ${stamp}` })
    .click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Delete 'Renamed ${stamp}'?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(postRow(page, `Renamed ${stamp}`)).toBeVisible();
  await postRow(page, `Renamed ${stamp}`)
    .getByRole('button', { name: `Delete Renamed ${stamp}` })
    .click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Post deleted')).toBeVisible();
  await expect(postRow(page, `Renamed ${stamp}`)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Posts', selected: true })).toBeVisible();
  await expect(postRow(page, `Renamed ${stamp}`)).toHaveCount(0);
});

test('a signed-in non-admin cannot open the edit page or use the admin API', async ({ page }) => {
  await signUp(page, newUser());
  const list = await page.request.get(`${apiPaths.blogAdminPosts}?page=1`);
  expect(list.status()).toBe(403);
  await page.goto('/blog/admin/posts/00000000-0000-4000-8000-000000000000/edit');
  await expect(page).toHaveURL(/\/$/);
});
