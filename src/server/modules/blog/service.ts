import { limits } from '../../../shared/limits';
import { renderPostMarkup } from '../../../shared/blog-markup';
import {
  blogLimits,
  blogMessages,
  type BlogAdminPost,
  type BlogAdminPostList,
  type BlogCategory,
  type BlogEditablePost,
  type BlogPostInput,
  type BlogPostList,
  type BlogPostPage,
  type BlogPostSummary,
} from '../../../shared/schemas/blog';
import type { Database } from '../../db/client';
import { pageOf } from '../../db/list-page';
import { pageOffset } from '../../db/sql-helpers';
import { AppError } from '../../http/errors';
import * as repo from './repo';

/** One page (1-based) of published posts, newest first (docs/product.md#api); `pageSize` posts per page. */
export async function listPublishedPosts(
  db: Database,
  page: number,
  pageSize: number = blogLimits.pageSize,
): Promise<BlogPostList> {
  const { rows, total } = await repo.findPublishedPage(db, pageOffset(page, pageSize), pageSize);
  return pageOf(await repo.withCategories(db, rows), total, { page, pageSize });
}

/**
 * A published post with its body rendered to sanitized HTML, and up to 3 other published posts,
 * newest first (docs/product.md#public-pages /blog/{slug}). Null for an unknown slug or a draft: visitors cannot tell them apart.
 */
export async function getPublishedPostPage(db: Database, slug: string): Promise<BlogPostPage | null> {
  const row = await repo.findPublishedBySlug(db, slug);
  if (!row) return null;
  const recentRows = await repo.findRecentPublished(db, row.id, limits.recentPosts);
  const [summary, ...recent] = await repo.withCategories(db, [row, ...recentRows]);
  return { post: { ...summary!, contentHtml: renderPostMarkup(row.content) }, recent };
}

/**
 * Where a renamed post lives now: the current slug of the published post that once had `oldSlug`, or
 * null (never had it, deleted, or a draft now). Callers answer 301 to it.
 */
export async function currentSlugOf(db: Database, oldSlug: string): Promise<string | null> {
  return (await repo.findPublishedSlugByOldSlug(db, oldSlug)) ?? null;
}

/**
 * Like getPublishedPostPage, but an old slug of a renamed post gives that post's page (whose
 * `post.slug` then differs from `slug`: the page route turns that into a 301).
 */
export async function getPublishedPostPageFollowingRenames(
  db: Database,
  slug: string,
): Promise<BlogPostPage | null> {
  const page = await getPublishedPostPage(db, slug);
  if (page) return page;
  const current = await currentSlugOf(db, slug);
  return current ? getPublishedPostPage(db, current) : null;
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
        publishedAt: input.published ? new Date() : null,
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

/** One page (1-based) of every post, drafts included, newest first, for blog admins. */
export async function listAllPosts(
  db: Database,
  page: number,
  pageSize: number = blogLimits.adminPageSize,
): Promise<BlogAdminPostList> {
  const { rows, total } = await repo.findAllPage(db, pageOffset(page, pageSize), pageSize);
  const items = (await repo.withCategories(db, rows)).map(toAdminPost);
  return pageOf(items, total, { page, pageSize });
}

/**
 * A post's form fields as stored, for the edit form.
 * @throws AppError NOT_FOUND when there is no post with this id.
 */
export async function getEditablePost(db: Database, id: string): Promise<BlogEditablePost> {
  const row = await repo.findById(db, id);
  if (!row) throw AppError.notFound(blogMessages.postNotFound);
  const [summary] = await repo.withCategories(db, [row]);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt ?? '',
    content: row.content,
    categories: summary!.categories,
    imageUrl: row.imageUrl,
    published: row.published,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

/**
 * Saves the edit form. A changed slug keeps the old one as a 301 to the new (see repo.updatePost); the
 * author stays the post's creator.
 * @throws AppError NOT_FOUND for an unknown id, CONFLICT when another post has the slug.
 */
export async function updatePost(db: Database, id: string, input: BlogPostInput): Promise<BlogPostSummary> {
  if (await repo.slugExists(db, input.slug, id)) throw new AppError('CONFLICT', blogMessages.slugTaken);
  try {
    const row = await repo.updatePost(
      db,
      id,
      {
        title: input.title,
        slug: input.slug,
        excerpt: input.excerpt || null,
        content: input.content,
        imageUrl: input.imageUrl,
        published: input.published,
      },
      [...new Set(input.categories)],
    );
    if (!row) throw AppError.notFound(blogMessages.postNotFound);
    const [summary] = await repo.withCategories(db, [row]);
    return summary!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', blogMessages.slugTaken);
    throw error;
  }
}

/**
 * Publishes a post (stamping `publishedAt` the first time) or turns it back into a draft.
 * @throws AppError NOT_FOUND for an unknown id.
 */
export async function setPostPublished(db: Database, id: string, published: boolean): Promise<BlogAdminPost> {
  const row = await repo.setPublished(db, id, published);
  if (!row) throw AppError.notFound(blogMessages.postNotFound);
  const [post] = await repo.withCategories(db, [row]);
  return toAdminPost(post!);
}

/**
 * Deletes a post; its old slugs stop redirecting.
 * @throws AppError NOT_FOUND for an unknown id.
 */
export async function deletePost(db: Database, id: string): Promise<void> {
  if (!(await repo.deletePost(db, id))) throw AppError.notFound(blogMessages.postNotFound);
}

function toAdminPost(post: BlogPostSummary & { publishedAt: Date | null; updatedAt: Date }): BlogAdminPost {
  return {
    ...post,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    updatedAt: post.updatedAt.toISOString(),
  };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
