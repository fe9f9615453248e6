import { describe, expect, it } from 'vitest';
import { blogMessages, blogPostInputSchema, isValidSlug, slugify } from './blog';

const valid = {
  title: 'Hello',
  slug: 'hello',
  excerpt: '',
  content: 'Body',
  categories: [],
  imageUrl: null,
  published: true,
};

describe('slug rules', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['  10 Link-Building Tips for 2026!  ', '10-link-building-tips-for-2026'],
    ['Café & Crème brûlée', 'cafe-creme-brulee'],
    ['a---b___c', 'a-b-c'],
    ['!!!', ''],
  ])('slugify(%j) is %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('never ends a truncated slug with a hyphen', () => {
    const slug = slugify(`${'a'.repeat(119)} b`);
    expect(slug.length).toBeLessThanOrEqual(120);
    expect(slug.endsWith('-')).toBe(false);
    expect(isValidSlug(slug)).toBe(true);
  });

  it.each(['hello', 'hello-world', '2026-tips'])('accepts %j', (slug) =>
    expect(isValidSlug(slug)).toBe(true),
  );
  it.each(['Hello', 'hello world', '-hello', 'hello-', 'a--b', 'héllo', '../x', 'a/b', 'x'.repeat(121)])(
    'refuses %j',
    (slug) => expect(isValidSlug(slug)).toBe(false),
  );
});

describe('blogPostInputSchema', () => {
  it('gives the form messages for missing title, slug and content', () => {
    const result = blogPostInputSchema.safeParse({ ...valid, title: ' ', slug: '', content: '' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages).toEqual([
      ['title', blogMessages.titleRequired],
      ['slug', blogMessages.slugRequired],
      ['content', blogMessages.contentRequired],
    ]);
  });

  it('accepts only images stored by the upload endpoint', () => {
    expect(
      blogPostInputSchema.safeParse({ ...valid, imageUrl: `/uploads/${'a'.repeat(32)}.webp` }).success,
    ).toBe(true);
    expect(blogPostInputSchema.safeParse({ ...valid, imageUrl: 'https://evil.example/x.png' }).success).toBe(
      false,
    );
    expect(blogPostInputSchema.safeParse({ ...valid, imageUrl: '/uploads/../app-secret' }).success).toBe(
      false,
    );
  });
});
