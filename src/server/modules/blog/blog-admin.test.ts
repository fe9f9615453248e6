import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../../shared/paths';
import { blogLimits, blogMessages, type BlogPostInput } from '../../../shared/schemas/blog';
import { serverPublicData } from '../../ssr/public-data';
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

let counter = 0;
const input = (overrides: Partial<BlogPostInput> = {}): BlogPostInput => ({
  title: 'Admin post',
  slug: `admin-post-${++counter}`,
  excerpt: 'An excerpt',
  content: 'Body text.',
  categories: ['Guides'],
  imageUrl: null,
  published: true,
  ...overrides,
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function createPost(overrides: Partial<BlogPostInput> = {}): Promise<{ id: string; slug: string }> {
  const response = await call('POST', apiPaths.blogPosts, admin.cookie, input(overrides));
  expect(response.statusCode).toBe(201);
  return response.json();
}
const postUrl = (id: string) => withId(apiPaths.blogAdminPost, id);
const publishUrl = (id: string) => withId(apiPaths.blogAdminPostPublished, id);
const publicSlugs = async () =>
  (await call('GET', `${apiPaths.blogPosts}?page=1`)).json().items.map((p: { slug: string }) => p.slug);

describe('the admin list', () => {
  it('lists drafts and published posts, newest first, paginated on the server', async () => {
    const draft = await createPost({ published: false });
    const live = await createPost();
    const response = await call('GET', `${apiPaths.blogAdminPosts}?page=1`, admin.cookie);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.pageSize).toBe(blogLimits.adminPageSize);
    expect(list.items.slice(0, 2).map((p: { slug: string }) => p.slug)).toEqual([live.slug, draft.slug]);
    expect(list.items[1]).toMatchObject({ published: false, publishedAt: null, categories: ['Guides'] });
    expect(list.items[0].publishedAt).toEqual(expect.any(String));

    for (let i = 0; i < blogLimits.adminPageSize; i++) await createPost({ published: i % 2 === 0 });
    const first = (await call('GET', `${apiPaths.blogAdminPosts}?page=1`, admin.cookie)).json();
    const second = (await call('GET', `${apiPaths.blogAdminPosts}?page=2`, admin.cookie)).json();
    expect(first.items).toHaveLength(blogLimits.adminPageSize);
    expect(first.total).toBe(blogLimits.adminPageSize + 2);
    expect(second.items.map((p: { slug: string }) => p.slug)).toEqual([live.slug, draft.slug]);
  });

  it('refuses visitors (401) and non-admins (403) on every admin route, changing nothing', async () => {
    const post = await createPost();
    const routes: [Method, string, object?][] = [
      ['GET', `${apiPaths.blogAdminPosts}?page=1`],
      ['GET', postUrl(post.id)],
      ['PUT', postUrl(post.id), input({ slug: 'hijacked' })],
      ['PUT', publishUrl(post.id), { published: false }],
      ['DELETE', postUrl(post.id)],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      const forbidden = await call(method, url, member.cookie, body);
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
      expect(forbidden.json().error.code).toBe('FORBIDDEN');
    }
    const kept = (await call('GET', postUrl(post.id), admin.cookie)).json();
    expect(kept).toMatchObject({ slug: post.slug, published: true });
  });

  it('answers 404 for an unknown post id', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', postUrl(unknown), admin.cookie)).statusCode).toBe(404);
    expect((await call('PUT', postUrl(unknown), admin.cookie, input())).statusCode).toBe(404);
    expect((await call('PUT', publishUrl(unknown), admin.cookie, { published: true })).statusCode).toBe(404);
    expect((await call('DELETE', postUrl(unknown), admin.cookie)).statusCode).toBe(404);
  });
});

describe('editing a post', () => {
  it('gives the stored fields for the form and saves changes keeping the slug', async () => {
    const post = await createPost({ content: '# Raw **markup**', categories: ['SEO', 'Guides'] });
    const editable = (await call('GET', postUrl(post.id), admin.cookie)).json();
    expect(editable).toMatchObject({
      title: 'Admin post',
      slug: post.slug,
      excerpt: 'An excerpt',
      content: '# Raw **markup**',
      categories: ['Guides', 'SEO'],
      published: true,
    });

    const saved = await call('PUT', postUrl(post.id), admin.cookie, {
      ...input({ slug: post.slug }),
      title: 'Renamed title',
      excerpt: '',
      categories: ['Outreach'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ slug: post.slug, title: 'Renamed title', categories: ['Outreach'] });
    const page = (await call('GET', apiPaths.blogPost(post.slug))).json();
    expect(page.post).toMatchObject({ title: 'Renamed title', excerpt: null, categories: ['Outreach'] });
  });

  it('validates the body with the form schema and refuses a slug another post has', async () => {
    const a = await createPost();
    const b = await createPost();
    const invalid = await call('PUT', postUrl(a.id), admin.cookie, {
      ...input(),
      title: '',
      slug: 'Bad Slug',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.issues).toEqual([
      { path: 'title', message: blogMessages.titleRequired },
      { path: 'slug', message: blogMessages.slugInvalid },
    ]);
    const taken = await call('PUT', postUrl(a.id), admin.cookie, input({ slug: b.slug }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(blogMessages.slugTaken);
  });

  it('answers 301 from the old slug to the new one, through every rename, until the post is a draft', async () => {
    const post = await createPost();
    const first = post.slug;
    await call('PUT', postUrl(post.id), admin.cookie, input({ slug: `${first}-second` }));
    await call('PUT', postUrl(post.id), admin.cookie, input({ slug: `${first}-third` }));

    for (const old of [first, `${first}-second`]) {
      const moved = await call('GET', apiPaths.blogPost(old));
      expect(moved.statusCode).toBe(301);
      expect(moved.headers.location).toBe(apiPaths.blogPost(`${first}-third`));
      expect(moved.headers['cache-control']).toBe('no-cache');
    }
    // The server-rendered page reads the same way: the old slug gives the post with its new slug.
    const page = await serverPublicData(t.handle.db).getPost(first);
    expect(page?.post.slug).toBe(`${first}-third`);

    await call('PUT', publishUrl(post.id), admin.cookie, { published: false });
    expect((await call('GET', apiPaths.blogPost(first))).statusCode).toBe(404);
    expect(await serverPublicData(t.handle.db).getPost(first)).toBeNull();
  });

  it('lets a post take back its old slug, and a new post take another post’s old slug', async () => {
    const post = await createPost();
    const original = post.slug;
    await call('PUT', postUrl(post.id), admin.cookie, input({ slug: `${original}-new` }));
    const back = await call('PUT', postUrl(post.id), admin.cookie, input({ slug: original }));
    expect(back.statusCode).toBe(200);
    expect((await call('GET', apiPaths.blogPost(original))).statusCode).toBe(200);
    expect((await call('GET', apiPaths.blogPost(`${original}-new`))).headers.location).toBe(
      apiPaths.blogPost(original),
    );

    const other = await createPost({ slug: `${original}-new`, title: 'Someone else' });
    const read = await call('GET', apiPaths.blogPost(other.slug));
    expect(read.statusCode).toBe(200);
    expect(read.json().post.title).toBe('Someone else');
  });
});

describe('publishing and deleting', () => {
  it('publishes a draft later, stamps published_at once, and unpublishing hides it from visitors', async () => {
    const post = await createPost({ published: false });
    expect(await publicSlugs()).not.toContain(post.slug);

    const published = await call('PUT', publishUrl(post.id), admin.cookie, { published: true });
    expect(published.statusCode).toBe(200);
    const firstPublishedAt = published.json().publishedAt;
    expect(firstPublishedAt).toEqual(expect.any(String));
    expect(await publicSlugs()).toContain(post.slug);

    const draft = await call('PUT', publishUrl(post.id), admin.cookie, { published: false });
    expect(draft.json()).toMatchObject({ published: false, publishedAt: firstPublishedAt });
    expect(await publicSlugs()).not.toContain(post.slug);
    expect((await call('GET', apiPaths.blogPost(post.slug))).statusCode).toBe(404);

    const again = await call('PUT', publishUrl(post.id), admin.cookie, { published: true });
    expect(again.json().publishedAt).toBe(firstPublishedAt);
  });

  it('publishes from the edit form too: saving with published true sets published_at', async () => {
    const post = await createPost({ published: false });
    await call('PUT', postUrl(post.id), admin.cookie, input({ slug: post.slug, published: true }));
    const editable = (await call('GET', postUrl(post.id), admin.cookie)).json();
    expect(editable.published).toBe(true);
    expect(editable.publishedAt).toEqual(expect.any(String));
  });

  it('deletes a post: gone from lists, its URL and old slugs 404', async () => {
    const post = await createPost();
    await call('PUT', postUrl(post.id), admin.cookie, input({ slug: `${post.slug}-renamed` }));
    const deleted = await call('DELETE', postUrl(post.id), admin.cookie);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await call('GET', postUrl(post.id), admin.cookie)).statusCode).toBe(404);
    expect((await call('GET', apiPaths.blogPost(`${post.slug}-renamed`))).statusCode).toBe(404);
    expect((await call('GET', apiPaths.blogPost(post.slug))).statusCode).toBe(404);
    const all = (await call('GET', `${apiPaths.blogAdminPosts}?page=1`, admin.cookie)).json();
    expect(all.items.map((p: { id: string }) => p.id)).not.toContain(post.id);
  });
});
