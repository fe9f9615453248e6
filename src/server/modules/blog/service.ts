import { limits } from '../../../shared/limits';
import { renderPostMarkup } from '../../../shared/blog-markup';
import {
  blogLimits,
  blogMessages,
  type BlogCategory,
  type BlogPostInput,
  type BlogPostList,
  type BlogPostPage,
  type BlogPostSummary,
} from '../../../shared/schemas/blog';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import * as repo from './repo';

/** One page (1-based) of published posts, newest first (spec §7 Blog); `pageSize` posts per page. */
export async function listPublishedPosts(
  db: Database,
  page: number,
  pageSize: number = blogLimits.pageSize,
): Promise<BlogPostList> {
  const { rows, total } = await repo.findPublishedPage(db, (page - 1) * pageSize, pageSize);
  return { items: await repo.withCategories(db, rows), total, page, pageSize };
}

/**
 * A published post with its body rendered to sanitized HTML, and up to 3 other published posts,
 * newest first (spec §2 /blog/{slug}). Null for an unknown slug or a draft: visitors cannot tell them apart.
 */
export async function getPublishedPostPage(db: Database, slug: string): Promise<BlogPostPage | null> {
  const row = await repo.findPublishedBySlug(db, slug);
  if (!row) return null;
  const recentRows = await repo.findRecentPublished(db, row.id, limits.recentPosts);
  const [summary, ...recent] = await repo.withCategories(db, [row, ...recentRows]);
  return { post: { ...summary!, contentHtml: renderPostMarkup(row.content) }, recent };
}

/** Every blog category, by name. */
export function listCategories(db: Database): Promise<BlogCategory[]> {
  return repo.findCategories(db);
}

/**
 * Creates a post (draft unless `published`) by an admin; new category names become categories.
 * @throws AppError CONFLICT when the slug is taken (by a draft too).
 */
export async function createPost(
  db: Database,
  authorId: string,
  input: BlogPostInput,
): Promise<BlogPostSummary> {
  if (await repo.slugExists(db, input.slug)) throw new AppError('CONFLICT', blogMessages.slugTaken);
  const categories = [...new Set(input.categories)];
  try {
    const row = await repo.insertPost(
      db,
      {
        title: input.title,
        slug: input.slug,
        excerpt: input.excerpt || null,
        content: input.content,
        imageUrl: input.imageUrl,
        published: input.published,
        authorId,
      },
      categories,
    );
    const [summary] = await repo.withCategories(db, [row]);
    return summary!;
  } catch (error) {
    // Two admins saving the same slug at once: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', blogMessages.slugTaken);
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
