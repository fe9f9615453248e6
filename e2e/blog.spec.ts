import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { adminEmail, gotoHydrated, logIn, newUser, signUp, verifyEmail } from './support';

// The admin account is created by the first test and reused by the next.
test.describe.configure({ mode: 'serial' });

const admin = newUser({ email: adminEmail, firstName: 'Blog', lastName: 'Admin' });
const stamp = Date.now().toString(36);

async function createPost(
  page: Page,
  post: { title: string; excerpt: string; content: string; category: string; image?: Buffer },
) {
  await page.getByLabel('Title').fill(post.title);
  await page.getByLabel('Excerpt (optional)').fill(post.excerpt);
  await page.getByLabel('Content').fill(post.content);
  await page.getByLabel('New category name').fill(post.category);
  await page.getByRole('button', { name: 'Add' }).click();
  if (post.image) {
    await page
      .getByLabel('Image')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: post.image });
    await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  }
  await page.getByLabel('Publish immediately').check();
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Post created successfully!' })).toBeVisible();
}

test('an admin creates posts with an image; visitors read them with Recent Posts', async ({
  page,
  browser,
}) => {
  await signUp(page, admin);
  await verifyEmail(page, admin.email);
  await gotoHydrated(page, '/blog/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Blog Post' })).toBeVisible();

  await createPost(page, {
    title: `Older post ${stamp}`,
    excerpt: 'The first one.',
    content: 'Plain body.',
    category: 'Outreach',
  });
  const image = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer();
  await createPost(page, {
    title: `Newest post ${stamp}`,
    excerpt: 'With a cover image.',
    content: '# A heading\n\n- first point\n- **bold** point\n\n<script>window.hacked = true</script>',
    category: 'Guides',
    image,
  });

  // A visitor (fresh context, no session) sees both, newest first, with the image.
  const visitor = await (await browser.newContext()).newPage();
  await gotoHydrated(visitor, '/blog');
  const cards = visitor.getByTestId('post-grid').getByRole('article');
  await expect(cards.first()).toContainText(`Newest post ${stamp}`);
  await expect(cards.first()).toContainText('Guides');
  await expect(cards.first()).toContainText(/[A-Z][a-z]+ \d{1,2}, \d{4}/);
  const cover = cards.first().locator('img');
  await expect(cover).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{32}\.webp$/);
  expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);

  await cards.first().getByRole('link').click();
  await expect(visitor).toHaveURL(new RegExp(`/blog/newest-post-${stamp}$`));
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(`Newest post ${stamp}`);
  await expect(visitor.getByRole('heading', { level: 2, name: 'A heading' })).toBeVisible();
  await expect(visitor.locator('.post-body strong')).toHaveText('bold');
  await expect(visitor.getByText('<script>window.hacked = true</script>')).toBeVisible();
  expect(await visitor.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();

  const recent = visitor.getByRole('region', { name: 'Recent Posts' });
  await expect(recent.getByRole('article').first()).toContainText(`Older post ${stamp}`);
  await expect(recent).not.toContainText(`Newest post ${stamp}`);
  await recent.getByRole('link', { name: `Older post ${stamp}` }).click();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(`Older post ${stamp}`);

  // The post page as search engines get it: title, excerpt and image in the head.
  const html = await (await visitor.request.get(`/blog/newest-post-${stamp}`)).text();
  expect(html).toContain(`<title>Newest post ${stamp} | LinkPilot</title>`);
  expect(html).toContain('<meta name="description" content="With a cover image." />');
  expect(html).toMatch(
    /<meta property="og:image" content="http:\/\/localhost:\d+\/uploads\/[a-f0-9]{32}\.webp" \/>/,
  );

  await visitor.goto('/blog/no-such-post');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Error' })).toBeVisible();
  await expect(visitor.getByText('Blog post not found')).toBeVisible();
});

test('an admin reads contact messages on the admin page', async ({ page }) => {
  const subject = `Partnership ${stamp}`;
  await gotoHydrated(page, '/contact');
  await page.getByLabel('Name', { exact: true }).fill('Alan Turing');
  await page.getByLabel('Email', { exact: true }).fill('alan@example.com');
  await page.getByLabel('Subject', { exact: true }).fill(subject);
  await page.getByLabel('Message', { exact: true }).fill('Could we talk about a partnership?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your message has been sent' })).toBeVisible();

  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await gotoHydrated(page, '/blog/admin');
  await page.getByRole('tab', { name: 'Contact messages' }).click();
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expect(page.getByText('alan@example.com')).toBeVisible();
});

test('the admin page sends visitors to /login and non-admins to /', async ({ page }) => {
  await page.goto('/blog/admin');
  await expect(page).toHaveURL(/\/login$/);
  await signUp(page, newUser());
  await page.goto('/blog/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('AI-assisted link building outreach');
});
