import { describe, expect, it } from 'vitest';
import { paths } from '#shared/paths';
import type { PublicDataSource } from '#shared/public-data';
import type { BlogPostPage } from '#shared/schemas/blog';
import { loader } from './blog-post';

const pageOf = (slug: string): BlogPostPage => ({
  post: {
    id: 'p1',
    title: 'Post',
    slug,
    excerpt: null,
    imageUrl: null,
    categories: [],
    published: true,
    createdAt: '2026-11-20T10:00:00.000Z',
    contentHtml: '<p>Body</p>',
  },
  recent: [],
});

/** A data source as the server gives loaders: `current` is the post's slug now, `old` one it had. */
const data = (current: string, old: string): PublicDataSource => ({
  listPosts: () => Promise.reject(new Error('not used')),
  getPost: async (slug) => (slug === current || slug === old ? pageOf(current) : null),
});

const load = (slug: string) => {
  const url = new URL(`http://localhost${paths.blogPost(slug)}`);
  return loader({
    params: { slug },
    context: { data: data('new-slug', 'old-slug') },
    request: new Request(url),
    url,
    pattern: `${paths.blog}/:slug`,
  } as unknown as Parameters<typeof loader>[0]);
};

describe('the /blog/:slug loader', () => {
  it('answers 301 to the current slug for an old one', async () => {
    const thrown = await load('old-slug').catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(301);
    expect((thrown as Response).headers.get('location')).toBe(paths.blogPost('new-slug'));
  });

  it('gives the post for its current slug and null for an unknown one', async () => {
    expect((await load('new-slug')).page?.post.slug).toBe('new-slug');
    expect((await load('never-was')).page).toBeNull();
  });
});
