import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/paths';
import { blogLimits, blogMessages, type BlogPostInput } from '../../../shared/schemas/blog';
import { blogPosts } from '../../db/schema/blog';
import { signUpAdmin } from '../../testing/admin';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';

let t: TestApp;
let admin: { cookie: string };
let member: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app, t.handle.db);
  member = await signUpUser(t.app);
});
afterAll(() => t.close());

const input = (overrides: Partial<BlogPostInput> = {}): BlogPostInput => ({
  title: 'Hello world',
  slug: `hello-${Math.random().toString(36).slice(2, 10)}`,
  excerpt: 'A first post',
  content: '# Heading\n\nSome **bold** text.',
  categories: [],
  imageUrl: null,
  published: true,
  ...overrides,
});

const create = (body: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: apiPaths.blogPosts,
    payload: body as object,
    headers: cookie ? { cookie } : {},
  });
const list = (page = 1) => t.app.inject({ method: 'GET', url: `${apiPaths.blogPosts}?page=${page}` });
const read = (slug: string) => t.app.inject({ method: 'GET', url: apiPaths.blogPost(slug) });

describe('writing posts', () => {
  it('lets an admin create a post with new and existing categories', async () => {
    const first = await create(input({ categories: ['SEO', 'Outreach'] }), admin.cookie);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      title: 'Hello world',
      categories: ['Outreach', 'SEO'],
      published: true,
    });

    const second = await create(input({ categories: ['SEO', 'SEO', 'Guides'] }), admin.cookie);
    expect(second.json().categories).toEqual(['Guides', 'SEO']);
    const categories = await t.app.inject({ method: 'GET', url: apiPaths.blogCategories });
    expect(categories.json().map((c: { name: string }) => c.name)).toEqual(['Guides', 'Outreach', 'SEO']);
  });

  it('refuses writes from visitors (401) and from signed-in non-admins (403), storing nothing', async () => {
    const slug = 'not-allowed';
    expect((await create(input({ slug }))).statusCode).toBe(401);
    const forbidden = await create(input({ slug }), member.cookie);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    const rows = await t.handle.db.select().from(blogPosts);
    expect(rows.some((r) => r.slug === slug)).toBe(false);
  });

  it('gives the form messages for missing fields and a bad slug', async () => {
    const response = await create({ ...input(), title: '', slug: 'Not A Slug', content: ' ' }, admin.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([
      { path: 'title', message: blogMessages.titleRequired },
      { path: 'slug', message: blogMessages.slugInvalid },
      { path: 'content', message: blogMessages.contentRequired },
    ]);
  });

  it('refuses a duplicate slug with a clear message, even when the first post is a draft', async () => {
    const slug = 'taken-slug';
    expect((await create(input({ slug, published: false }), admin.cookie)).statusCode).toBe(201);
    const again = await create(input({ slug }), admin.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'CONFLICT', message: blogMessages.slugTaken });
  });

  it('refuses an image URL that is not an uploaded file', async () => {
    const response = await create(input({ imageUrl: 'https://elsewhere.example/x.png' }), admin.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues[0]).toEqual({ path: 'imageUrl', message: blogMessages.imageInvalid });
  });
});

describe('reading posts', () => {
  it('never shows a draft to visitors, by list or by slug', async () => {
    const draft = input({ slug: 'secret-draft', published: false });
    await create(draft, admin.cookie);
    const all = await t.app.inject({ method: 'GET', url: `${apiPaths.blogPosts}?page=1` });
    expect(all.json().items.map((p: { slug: string }) => p.slug)).not.toContain('secret-draft');
    const bySlug = await read('secret-draft');
    expect(bySlug.statusCode).toBe(404);
    expect(bySlug.json().error.message).toBe(blogMessages.postNotFound);
  });

  it('renders the body to sanitized HTML and lists up to 3 other published posts, newest first', async () => {
    const slugs: string[] = [];
    for (let i = 0; i < 5; i++) {
      const slug = `recent-${i}`;
      slugs.push(slug);
      await create(
        input({ slug, content: `Post ${i} <script>alert(1)</script> [x](javascript:alert(1))` }),
        admin.cookie,
      );
    }
    const response = await read('recent-2');
    expect(response.statusCode).toBe(200);
    const { post, recent } = response.json();
    expect(post.contentHtml).not.toContain('<script');
    expect(post.contentHtml).not.toMatch(/href="javascript/i);
    expect(recent.map((p: { slug: string }) => p.slug)).toEqual(['recent-4', 'recent-3', 'recent-1']);
  });

  it('pages the published posts newest first, 9 per page', async () => {
    for (let i = 0; i < blogLimits.pageSize + 1; i++) await create(input(), admin.cookie);
    const first = (await list(1)).json();
    expect(first.items.length).toBe(blogLimits.pageSize);
    expect(first.total).toBeGreaterThan(blogLimits.pageSize);
    expect(first.pageSize).toBe(blogLimits.pageSize);
    const dates = first.items.map((p: { createdAt: string }) => p.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = (await list(2)).json();
    expect(second.items[0].slug).not.toBe(first.items[0].slug);
    expect(second.items.every((p: { published: boolean }) => p.published)).toBe(true);
    expect((await list(0)).statusCode).toBe(400);
  });
});
