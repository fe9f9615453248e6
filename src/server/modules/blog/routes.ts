import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import { okSchema } from '../../../shared/schemas/api';
import {
  blogAdminPostListSchema,
  blogAdminPostSchema,
  blogCategoryListSchema,
  blogEditablePostSchema,
  blogMessages,
  blogPostInputSchema,
  blogPostListSchema,
  blogPostPageSchema,
  blogPostSummarySchema,
  blogPublishInputSchema,
} from '../../../shared/schemas/blog';
import { pageQuerySchema } from '../../../shared/schemas/pagination';
import { requireAdmin } from '../../auth/require-admin';
import { userId } from '../../auth/session';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import {
  createPost,
  currentSlugOf,
  deletePost,
  getEditablePost,
  getPublishedPostPage,
  listAllPosts,
  listCategories,
  listPublishedPosts,
  setPostPublished,
  updatePost,
} from './service';
import { idParams } from '../../http/params';

/**
 * The public blog API: anyone reads published posts and categories; an old slug of a renamed
 * post answers 301 to its current one.
 */
export function blogRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.blogPosts,
      { schema: { tags: ['blog'], querystring: pageQuerySchema, response: { 200: blogPostListSchema } } },
      async (request) => listPublishedPosts(db, request.query.page),
    );

    app.get(
      `${apiPaths.blogPosts}/:slug`,
      {
        schema: {
          tags: ['blog'],
          params: z.object({ slug: z.string().min(1).max(200) }),
          response: { 200: blogPostPageSchema },
        },
      },
      async (request, reply) => {
        const page = await getPublishedPostPage(db, request.params.slug);
        if (page) return page;
        const current = await currentSlugOf(db, request.params.slug);
        // Not cached: the redirect goes away if the slug is taken back (docs/decisions/006).
        if (current)
          return reply.header('cache-control', 'no-cache').redirect(apiPaths.blogPost(current), 301);
        throw AppError.notFound(blogMessages.postNotFound);
      },
    );

    app.get(
      apiPaths.blogCategories,
      { schema: { tags: ['blog'], response: { 200: blogCategoryListSchema } } },
      async () => listCategories(db),
    );
  };
}

/**
 * The blog's admin API, registered in the signed-in scope: only admins create, list (drafts too),
 * edit, publish and delete posts (401 signed out, 403 otherwise, checked before the body is validated).
 */
export function blogAdminRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = requireAdmin(db);
    app.post(
      apiPaths.blogPosts,
      {
        schema: { tags: ['blog'], body: blogPostInputSchema, response: { 201: blogPostSummarySchema } },
        // Before body validation: a visitor learns nothing about the post format from a 400.
        preValidation: admin,
      },
      async (request, reply) => reply.status(201).send(await createPost(db, userId(request), request.body)),
    );

    app.get(
      apiPaths.blogAdminPosts,
      {
        schema: { tags: ['blog'], querystring: pageQuerySchema, response: { 200: blogAdminPostListSchema } },
        preValidation: admin,
      },
      async (request) => listAllPosts(db, request.query.page),
    );

    app.get(
      apiPaths.blogAdminPost,
      {
        schema: { tags: ['blog'], params: idParams, response: { 200: blogEditablePostSchema } },
        preValidation: admin,
      },
      async (request) => getEditablePost(db, request.params.id),
    );

    app.put(
      apiPaths.blogAdminPost,
      {
        schema: {
          tags: ['blog'],
          params: idParams,
          body: blogPostInputSchema,
          response: { 200: blogPostSummarySchema },
        },
        preValidation: admin,
      },
      async (request) => updatePost(db, request.params.id, request.body),
    );

    app.put(
      apiPaths.blogAdminPostPublished,
      {
        schema: {
          tags: ['blog'],
          params: idParams,
          body: blogPublishInputSchema,
          response: { 200: blogAdminPostSchema },
        },
        preValidation: admin,
      },
      async (request) => setPostPublished(db, request.params.id, request.body.published),
    );

    app.delete(
      apiPaths.blogAdminPost,
      { schema: { tags: ['blog'], params: idParams, response: { 200: okSchema } }, preValidation: admin },
      async (request) => {
        await deletePost(db, request.params.id);
        return { ok: true as const };
      },
    );
  };
}
