import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { BlogPostSummary } from '../../../shared/schemas/blog';
import type { Database } from '../../db/client';
import { blogCategories, blogPostCategories, blogPosts, blogPostSlugs } from '../../db/schema/blog';

type PostRow = typeof blogPosts.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const summaryColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  excerpt: blogPosts.excerpt,
  imageUrl: blogPosts.imageUrl,
  published: blogPosts.published,
  createdAt: blogPosts.createdAt,
};
type SummaryRow = Pick<PostRow, keyof typeof summaryColumns>;

/** Category names per post id, each list sorted by name. */
async function categoryNamesOf(db: Database, postIds: string[]): Promise<Map<string, string[]>> {
  const byPost = new Map<string, string[]>(postIds.map((id) => [id, []]));
  if (postIds.length === 0) return byPost;
  const rows = await db
    .select({ postId: blogPostCategories.postId, name: blogCategories.name })
    .from(blogPostCategories)
    .innerJoin(blogCategories, eq(blogCategories.id, blogPostCategories.categoryId))
    .where(inArray(blogPostCategories.postId, postIds))
    .orderBy(asc(blogCategories.name));
  for (const row of rows) byPost.get(row.postId)?.push(row.name);
  return byPost;
}

/** Adds category names and an ISO `createdAt` to post rows, keeping their order (other fields stay as they are). */
export async function withCategories<R extends SummaryRow>(
  db: Database,
  rows: R[],
): Promise<(Omit<R, 'createdAt'> & BlogPostSummary)[]> {
  const names = await categoryNamesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, categories: names.get(r.id) ?? [], createdAt: r.createdAt.toISOString() }));
}

const newestFirst = [desc(blogPosts.createdAt), desc(blogPosts.id)];

/** One page of published posts, newest first, and how many published posts there are. */
export async function findPublishedPage(
  db: Database,
  offset: number,
  limit: number,
): Promise<{ rows: SummaryRow[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(blogPosts)
      .where(eq(blogPosts.published, true))
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(blogPosts).where(eq(blogPosts.published, true)),
  ]);
  return { rows, total: Number(totals?.total ?? 0) };
}

/** The published post with this slug, or undefined (drafts are never returned). */
export async function findPublishedBySlug(db: Database, slug: string): Promise<PostRow | undefined> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)));
  return row;
}

/** Up to `limit` published posts other than `excludeId`, newest first (docs/product.md#public-pages, docs/product.md#api). */
export async function findRecentPublished(
  db: Database,
  excludeId: string,
  limit: number,
): Promise<SummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(blogPosts)
    .where(and(eq(blogPosts.published, true), ne(blogPosts.id, excludeId)))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** Published posts with their last change, newest first (sitemap, feed). */
export async function findPublishedForIndex(db: Database, limit: number) {
  return db
    .select({ ...summaryColumns, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** True when a post other than `exceptId` has this slug now (old slugs do not count: they can be taken). */
export async function slugExists(db: Database, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(exceptId ? and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)) : eq(blogPosts.slug, slug));
  return Boolean(row);
}

/** The current slug of the published post that once had `oldSlug`, or undefined. */
export async function findPublishedSlugByOldSlug(db: Database, oldSlug: string): Promise<string | undefined> {
  const [row] = await db
    .select({ slug: blogPosts.slug })
    .from(blogPostSlugs)
    .innerJoin(blogPosts, eq(blogPosts.id, blogPostSlugs.postId))
    .where(and(eq(blogPostSlugs.slug, oldSlug), eq(blogPosts.published, true)));
  return row?.slug;
}

const adminColumns = {
  ...summaryColumns,
  publishedAt: blogPosts.publishedAt,
  updatedAt: blogPosts.updatedAt,
};
type AdminRow = Pick<PostRow, keyof typeof adminColumns>;

/** One page of all posts, drafts included, newest first, and how many posts there are. */
export async function findAllPage(
  db: Database,
  offset: number,
  limit: number,
): Promise<{ rows: AdminRow[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select(adminColumns)
      .from(blogPosts)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(blogPosts),
  ]);
  return { rows, total: Number(totals?.total ?? 0) };
}

/** The post with this id, drafts included, or undefined. */
export async function findById(db: Database, id: string): Promise<PostRow | undefined> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  return row;
}

/** Deletes a post (its categories links and old slugs go with it); false when there was none. */
export async function deletePost(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
  return rows.length > 0;
}

/**
 * Sets `published`; the first publication stamps `published_at`, later ones keep it.
 * Undefined when there is no such post.
 */
export async function setPublished(
  db: Database,
  id: string,
  published: boolean,
): Promise<AdminRow | undefined> {
  const [row] = await db
    .update(blogPosts)
    .set({
      published,
      ...(published ? { publishedAt: sql`coalesce(${blogPosts.publishedAt}, now())` } : {}),
    })
    .where(eq(blogPosts.id, id))
    .returning(adminColumns);
  return row;
}

/** Every category, by name. */
export async function findCategories(db: Database) {
  return db
    .select({ id: blogCategories.id, name: blogCategories.name })
    .from(blogCategories)
    .orderBy(asc(blogCategories.name));
}

/** Links a post to these categories, creating the categories that do not exist yet. */
async function linkCategories(tx: Tx, postId: string, categoryNames: string[]): Promise<void> {
  if (categoryNames.length === 0) return;
  await tx
    .insert(blogCategories)
    .values(categoryNames.map((name) => ({ name })))
    .onConflictDoNothing({ target: blogCategories.name });
  const categories = await tx
    .select({ id: blogCategories.id })
    .from(blogCategories)
    .where(inArray(blogCategories.name, categoryNames));
  await tx.insert(blogPostCategories).values(categories.map((c) => ({ postId, categoryId: c.id })));
}

/** A slug a post takes now stops redirecting elsewhere: the live post wins over the history. */
async function forgetOldSlug(tx: Tx, slug: string): Promise<void> {
  await tx.delete(blogPostSlugs).where(eq(blogPostSlugs.slug, slug));
}

/** Inserts a post with its categories (created by name when new) in one transaction. */
export async function insertPost(
  db: Database,
  post: typeof blogPosts.$inferInsert,
  categoryNames: string[],
): Promise<SummaryRow> {
  return db.transaction(async (tx) => {
    await forgetOldSlug(tx, post.slug);
    const [row] = await tx.insert(blogPosts).values(post).returning(summaryColumns);
    await linkCategories(tx, row!.id, categoryNames);
    return row!;
  });
}

/**
 * Replaces a post's fields and categories in one transaction. When the slug changes, the old one is
 * kept in blog_post_slugs so its links answer 301. The first publication stamps `published_at`.
 * Undefined when there is no such post.
 */
export async function updatePost(
  db: Database,
  id: string,
  post: Omit<typeof blogPosts.$inferInsert, 'authorId' | 'publishedAt'>,
  categoryNames: string[],
): Promise<SummaryRow | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ slug: blogPosts.slug })
      .from(blogPosts)
      .where(eq(blogPosts.id, id))
      .for('update');
    if (!before) return undefined;
    if (before.slug !== post.slug) {
      await forgetOldSlug(tx, post.slug);
      await tx
        .insert(blogPostSlugs)
        .values({ slug: before.slug, postId: id })
        .onConflictDoUpdate({ target: blogPostSlugs.slug, set: { postId: id } });
    }
    const [row] = await tx
      .update(blogPosts)
      .set({
        ...post,
        ...(post.published ? { publishedAt: sql`coalesce(${blogPosts.publishedAt}, now())` } : {}),
      })
      .where(eq(blogPosts.id, id))
      .returning(summaryColumns);
    await tx.delete(blogPostCategories).where(eq(blogPostCategories.postId, id));
    await linkCategories(tx, id, categoryNames);
    return row;
  });
}
