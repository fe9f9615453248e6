import { z } from 'zod';
import { pageSchema } from './pagination';

/** Messages of the blog (docs/product.md#validation and docs/product.md#errors), plus our own for the admin screens. */
export const blogMessages = {
  titleRequired: 'Title is required',
  slugRequired: 'Slug is required',
  slugInvalid: 'Use lowercase letters, numbers and single hyphens only (for example my-first-post)',
  slugTaken: 'A post with this slug already exists. Choose another slug.',
  contentRequired: 'Content is required',
  tooLong: (max: number) => `Use at most ${max} characters`,
  categoryInvalid: 'Category names are 1 to 50 characters',
  tooManyCategories: 'Choose at most 10 categories',
  imageInvalid: 'The image must be one uploaded here',
  imageOnly: 'Please choose an image file (JPEG, PNG, WebP, GIF or AVIF)',
  oneImageOnly: 'Upload one image at a time, with nothing else in the form',
  imageTooLarge: (mb: number) => `The image must be at most ${mb} MB`,
  imageUnreadable: 'The file is not a supported image (JPEG, PNG, WebP, GIF or AVIF)',
  imageTooManyPixels: 'The image is too large: at most 40 megapixels',
  uploadError: 'Error uploading image',
  loginRequired: 'Please log in to create a post',
  createError: 'Error creating post',
  created: 'Post created successfully!',
  loadPostFailed: 'Failed to load blog post',
  postNotFound: 'Blog post not found',
  loadListFailed: 'Failed to load blog posts',
  noPosts: 'No posts yet. Check back soon.',
  adminOnly: 'Only blog admins can do that.',
  saved: 'Post saved',
  saveError: 'Error saving post',
  nowPublished: 'Post published',
  nowDraft: 'Post unpublished: it is a draft again',
  publishError: 'Error changing the post status',
  deleted: 'Post deleted',
  deleteError: 'Error deleting post',
  loadAdminListFailed: 'Failed to load the posts',
  noAdminPosts: 'No posts yet. Write the first one in New post.',
} as const;

export const blogLimits = {
  titleMax: 200,
  slugMax: 120,
  excerptMax: 500,
  contentMax: 100_000,
  categoryNameMax: 50,
  categoriesMax: 10,
  /** Posts per page of /blog: three rows of the 3-column grid (our choice). */
  pageSize: 9,
  /** Rows per page of the admin's post list. */
  adminPageSize: 20,
  imageMaxBytes: 5 * 1024 * 1024,
  /** sharp's limitInputPixels: refuses decompression bombs before decoding. */
  imageMaxPixels: 40_000_000,
  /** Uploaded images are scaled down to fit this box. */
  imageMaxDimension: 1600,
} as const;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Turns a title into a URL-safe slug: lowercase ASCII letters and digits joined by single hyphens;
 * accents are folded ("Café" → "cafe"), everything else separates words. May return '' (e.g. "!!!").
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, blogLimits.slugMax)
    .replace(/-+$/, '');
}

/** True for a slug that slugify could produce: /^[a-z0-9]+(-[a-z0-9]+)*$/ within the length limit. */
export function isValidSlug(slug: string): boolean {
  return slug.length <= blogLimits.slugMax && SLUG_PATTERN.test(slug);
}

/** Path of an image stored by the upload endpoint: /uploads/<32 hex>.webp. */
export const uploadedImagePattern = /^\/uploads\/[a-f0-9]{32}\.webp$/;

const m = blogMessages;

/**
 * The post form (create and edit) and the body of `POST /api/blog/posts` and
 * `PUT /api/blog/admin/posts/:id`. Categories are names.
 */
export const blogPostInputSchema = z.strictObject({
  title: z
    .string({ error: m.titleRequired })
    .trim()
    .min(1, m.titleRequired)
    .max(blogLimits.titleMax, m.tooLong(blogLimits.titleMax)),
  slug: z
    .string({ error: m.slugRequired })
    .trim()
    .min(1, m.slugRequired)
    .refine((slug) => slug.length === 0 || isValidSlug(slug), m.slugInvalid),
  excerpt: z.string().trim().max(blogLimits.excerptMax, m.tooLong(blogLimits.excerptMax)),
  content: z
    .string({ error: m.contentRequired })
    .trim()
    .min(1, m.contentRequired)
    .max(blogLimits.contentMax, m.tooLong(blogLimits.contentMax)),
  categories: z
    .array(z.string().trim().min(1, m.categoryInvalid).max(blogLimits.categoryNameMax, m.categoryInvalid))
    .max(blogLimits.categoriesMax, m.tooManyCategories),
  imageUrl: z.string().regex(uploadedImagePattern, m.imageInvalid).nullable(),
  published: z.boolean(),
});
export type BlogPostInput = z.infer<typeof blogPostInputSchema>;

/** A post as lists show it (cards, Recent Posts, the feed). Dates are ISO strings. */
export const blogPostSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  imageUrl: z.string().nullable(),
  categories: z.array(z.string()),
  published: z.boolean(),
  createdAt: z.string(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

/** One post with its body rendered to sanitized HTML (see blog-markup.ts). */
export const blogPostSchema = blogPostSummarySchema.extend({ contentHtml: z.string() });
export type BlogPost = z.infer<typeof blogPostSchema>;

/** `GET /api/blog/posts/:slug`: the post and up to 3 other published posts, newest first. */
export const blogPostPageSchema = z.object({ post: blogPostSchema, recent: z.array(blogPostSummarySchema) });
export type BlogPostPage = z.infer<typeof blogPostPageSchema>;

export const blogPostListSchema = pageSchema(blogPostSummarySchema);
export type BlogPostList = z.infer<typeof blogPostListSchema>;

export const blogCategorySchema = z.object({ id: z.string(), name: z.string() });
export const blogCategoryListSchema = z.array(blogCategorySchema);
export type BlogCategory = z.infer<typeof blogCategorySchema>;

export const uploadedImageSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** A post as the admin's list shows it: drafts too, with when it was first published and last changed. */
export const blogAdminPostSchema = blogPostSummarySchema.extend({
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type BlogAdminPost = z.infer<typeof blogAdminPostSchema>;

/** `GET /api/blog/admin/posts?page=`: every post, drafts included, newest first. */
export const blogAdminPostListSchema = pageSchema(blogAdminPostSchema);
export type BlogAdminPostList = z.infer<typeof blogAdminPostListSchema>;

/** `GET /api/blog/admin/posts/:id`: a post's form fields as stored (content as written, not rendered). */
export const blogEditablePostSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  content: z.string(),
  categories: z.array(z.string()),
  imageUrl: z.string().nullable(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
});
export type BlogEditablePost = z.infer<typeof blogEditablePostSchema>;

/** `PUT /api/blog/admin/posts/:id/published` body: publish (true) or back to draft (false). */
export const blogPublishInputSchema = z.strictObject({ published: z.boolean() });
export type BlogPublishInput = z.infer<typeof blogPublishInputSchema>;
