import { describe, expect, it } from 'vitest';
import type { PublicDataSource } from '#shared/public-data';
import type { BlogPostSummary } from '#shared/schemas/blog';
import { render } from './entry-server';

const APP_URL = 'https://linkpilot.example';

const summary = (n: number): BlogPostSummary => ({
  id: `p${n}`,
  title: `Post number ${n}`,
  slug: `post-${n}`,
  excerpt: `Excerpt of post ${n}`,
  imageUrl: n === 1 ? '/uploads/0123456789abcdef0123456789abcdef.webp' : null,
  categories: ['Guides'],
  published: true,
  createdAt: '2026-11-21T10:00:00.000Z',
});

/** An in-memory data source standing in for the server's services. */
const data: PublicDataSource = {
  listPosts: async (page) => ({
    items: [summary(1), summary(2)],
    total: 20,
    page,
    pageSize: 9,
    nextCursor: null,
  }),
  getPost: async (slug) =>
    slug === 'post-1'
      ? {
          post: {
            ...summary(1),
            title: 'A </script><b>"tricky"</b> title',
            contentHtml: '<h2>Body heading</h2><p>Body text</p>',
          },
          recent: [summary(2)],
        }
      : null,
};

const renderUrl = (path: string, signedIn = false) =>
  render(new Request(APP_URL + path), { data, appUrl: APP_URL, signedIn });

async function page(path: string, signedIn = false) {
  const result = await renderUrl(path, signedIn);
  if (result.kind !== 'page') throw new Error(`expected a page, got ${result.kind}`);
  return result;
}

describe('server rendering', () => {
  it('renders the landing page with its sections, claims and head tags', async () => {
    const result = await page('/');
    expect(result.status).toBe(200);
    for (const text of [
      'AI-assisted link building outreach',
      'DA 54',
      '75%',
      '85%',
      '3:24',
      'MOST POPULAR',
      'Frequently asked questions',
    ])
      expect(result.body).toContain(text);
    for (const id of ['features', 'how-it-works', 'pricing']) expect(result.body).toContain(`id="${id}"`);
    expect(result.head).toContain('<title>LinkPilot — AI-assisted link building outreach</title>');
    expect(result.head).toContain(`<link rel="canonical" href="${APP_URL}/" />`);
    expect(result.head).toContain('<meta property="og:title"');
  });

  it('renders the blog list with its posts and pagination', async () => {
    const result = await page('/blog?page=2');
    expect(result.body).toContain('Post number 1');
    expect(result.body).toContain('November 21, 2026');
    expect(result.body).toContain('Page 2 of 3');
    expect(result.head).toContain(`<link rel="canonical" href="${APP_URL}/blog?page=2" />`);
  });

  it('renders a post with its title, excerpt and image in the head, escaped', async () => {
    const result = await page('/blog/post-1');
    expect(result.status).toBe(200);
    expect(result.body).toContain('<h2>Body heading</h2>');
    expect(result.body).toContain('Recent Posts');
    expect(result.head).toContain('<meta property="og:type" content="article" />');
    expect(result.head).toContain('<meta name="description" content="Excerpt of post 1" />');
    expect(result.head).toContain(
      `<meta property="og:image" content="${APP_URL}/uploads/0123456789abcdef0123456789abcdef.webp" />`,
    );
    expect(result.head).toContain('&lt;/script&gt;&lt;b&gt;&quot;tricky&quot;');
    expect(result.body).not.toContain('</script>');
  });

  it('answers 404 with the not-found message for a missing post, and for an unknown page', async () => {
    const missing = await page('/blog/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Blog post not found');
    expect(missing.head).toContain('noindex');
    const unknown = await page('/no/such/page');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('Page not found');
  });

  it('marks the interactive parts as islands, with the props the browser hydrates them with', async () => {
    const islands = (body: string) => [...body.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1]);
    expect(islands((await page('/')).body)).toEqual(['public-navbar', 'landing-pricing', 'landing-faq']);
    expect(islands((await page('/blog')).body)).toEqual(['public-navbar']);
    const contact = (await page('/contact?subject=Enterprise%20plan')).body;
    expect(islands(contact)).toEqual(['public-navbar', 'contact-form']);
    expect(contact).toContain('data-island-props="{&quot;initialSubject&quot;:&quot;Enterprise plan&quot;}"');
  });

  it('offers a signed-in visitor the dashboard instead of Log in / Sign up free, in the bar and the phone menu', async () => {
    // The navigation bar's links into the app, as "text href".
    const accountLinks = (body: string) =>
      [
        ...(body.match(/<header[\s\S]*<\/header>/)?.[0] ?? '').matchAll(
          /<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g,
        ),
      ]
        .filter(([, , text]) => /Log in|Sign up free|Go to dashboard/.test(text!))
        .map(([, href, text]) => `${text} ${href}`);
    for (const path of ['/', '/blog', '/blog/post-1']) {
      const signedIn = await page(path, true);
      expect(accountLinks(signedIn.body)).toEqual([
        'Go to dashboard /dashboard',
        'Go to dashboard /dashboard',
      ]);
      expect(signedIn.body).toContain('data-island-props="{&quot;signedIn&quot;:true}"');
      expect(signedIn.body).not.toMatch(/>Log in<|>Sign up free</);
      expect(accountLinks((await page(path)).body)).toEqual([
        'Log in /login',
        'Sign up free /signup',
        'Log in /login',
        'Sign up free /signup',
      ]);
    }
  });

  it('renders the phone menu as a disclosure that opens without JavaScript', async () => {
    const body = (await page('/')).body;
    expect(body).toMatch(
      /<details[^>]*><summary[^>]*aria-label="Menu"[^>]*>[\s\S]*?<nav aria-label="Mobile"/,
    );
  });

  it('answers 404 for a blog page past the last one', async () => {
    expect((await page('/blog?page=4')).status).toBe(404);
    expect((await page('/blog?page=3')).status).toBe(200);
  });

  it('answers 500 with the route error message when a loader fails', async () => {
    const failing: PublicDataSource = { ...data, getPost: () => Promise.reject(new Error('database down')) };
    const result = await render(new Request(`${APP_URL}/blog/post-1`), {
      data: failing,
      appUrl: APP_URL,
      signedIn: false,
    });
    expect(result).toMatchObject({ kind: 'page', status: 500 });
    expect(result.kind === 'page' && result.body).toContain('Failed to load blog post');
  });
});
