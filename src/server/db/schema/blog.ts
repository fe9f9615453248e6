import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/** Blog: posts, categories and the join table between them. */
export const blogCategories = pgTable('blog_categories', {
  id: id(),
  name: text().notNull().unique(),
  createdAt: createdAt(),
});

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: id(),
    title: text().notNull(),
    slug: text().notNull().unique(),
    excerpt: text(),
    content: text().notNull(),
    imageUrl: text(),
    published: boolean().notNull().default(false),
    /** When the post was first published; unpublishing keeps it (a later re-publish is not a first). */
    publishedAt: timestamp({ withTimezone: true }),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('idx_blog_posts_published_created_at').on(t.published, t.createdAt.desc())],
);

export const blogPostCategories = pgTable(
  'blog_post_categories',
  {
    postId: uuid()
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    categoryId: uuid()
      .notNull()
      .references(() => blogCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.categoryId] }),
    index('idx_blog_post_categories_category_id').on(t.categoryId),
  ],
);

/**
 * Slugs a post had before it was renamed: /blog/<old slug> answers 301 to the post's current slug.
 * A slug lives either here or on a post, never both: taking a slug removes it from the history
 * (docs/decisions/006-blog-markup-and-image-uploads.md).
 */
export const blogPostSlugs = pgTable(
  'blog_post_slugs',
  {
    slug: text().primaryKey(),
    postId: uuid()
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('idx_blog_post_slugs_post_id').on(t.postId)],
);
