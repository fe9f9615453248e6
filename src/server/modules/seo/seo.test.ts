import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, sitePaths } from '../../../shared/paths';
import { signUpAdmin } from '../../testing/admin';
import { createTestApp, type TestApp } from '../../testing/app';

const APP_URL = 'https://linkpilot.example';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ APP_URL });
  const admin = await signUpAdmin(t.app, t.handle.db);
  for (const [slug, published] of [
    ['public-post', true],
    ['hidden-draft', false],
  ] as const) {
    await t.app.inject({
      method: 'POST',
      url: apiPaths.blogPosts,
      headers: { cookie: admin.cookie },
      payload: {
        title: `Title of ${slug} & co`,
        slug,
        excerpt: 'Excerpt',
        content: 'Body',
        categories: [],
        imageUrl: null,
        published,
      },
    });
  }
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('search engine files', () => {
  it('lists the public pages and published posts in the sitemap, never drafts or private pages', async () => {
    const response = await get(sitePaths.sitemap);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      `${APP_URL}/`,
      `${APP_URL}/about`,
      `${APP_URL}/blog`,
      `${APP_URL}/contact`,
      `${APP_URL}/terms`,
      `${APP_URL}/privacy`,
      `${APP_URL}/cookies`,
      `${APP_URL}/blog/public-post`,
    ]);
  });

  it('keeps crawlers out of the API and the signed-in app, and names the sitemap', async () => {
    const body = (await get(sitePaths.robots)).body;
    expect(body).toContain('Disallow: /api/');
    expect(body).toContain('Disallow: /dashboard');
    expect(body).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
  });

  it('publishes an RSS feed of published posts with escaped titles', async () => {
    const response = await get(sitePaths.rss);
    expect(response.headers['content-type']).toContain('application/rss+xml');
    expect(response.body).toContain(`<link>${APP_URL}/blog/public-post</link>`);
    expect(response.body).toContain('<title><![CDATA[Title of public-post & co]]></title>');
    expect(response.body).not.toContain('hidden-draft');
  });
});
