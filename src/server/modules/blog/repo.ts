import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { BlogPostSummary } from '../../../shared/schemas/blog';
import type { Database } from '../../db/client';
import { blogCategories, blogPostCategories, blogPosts } from '../../db/schema/blog';

type PostRow = typeof blogPosts.$inferSelect;

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

/** Adds category names and ISO dates to post rows, keeping their order. */
export async function withCategories(db: Database, rows: SummaryRow[]): Promise<BlogPostSummary[]> {
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

/** Up to `limit` published posts other than `excludeId`, newest first (spec §7 Recent posts). */
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

export async function slugExists(db: Database, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug));
  return Boolean(row);
}

/** Every category, by name. */
export async function findCategories(db: Database) {
  return db
    .select({ id: blogCategories.id, name: blogCategories.name })
    .from(blogCategories)
    .orderBy(asc(blogCategories.name));
}

/** Inserts a post with its categories (created by name when new) in one transaction. */
export async function insertPost(
  db: Database,
  post: typeof blogPosts.$inferInsert,
  categoryNames: string[],
): Promise<SummaryRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(blogPosts).values(post).returning(summaryColumns);
    if (categoryNames.length > 0) {
      await tx
        .insert(blogCategories)
        .values(categoryNames.map((name) => ({ name })))
        .onConflictDoNothing({ target: blogCategories.name });
      const categories = await tx
        .select({ id: blogCategories.id })
        .from(blogCategories)
        .where(inArray(blogCategories.name, categoryNames));
      await tx
        .insert(blogPostCategories)
        .values(categories.map((c) => ({ postId: row!.id, categoryId: c.id })));
    }
    return row!;
  });
}
