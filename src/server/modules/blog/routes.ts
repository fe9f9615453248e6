import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import {
  blogCategoryListSchema,
  blogMessages,
  blogPostInputSchema,
  blogPostListSchema,
  blogPostPageSchema,
  blogPostSummarySchema,
} from '../../../shared/schemas/blog';
import { pageQuerySchema } from '../../../shared/schemas/pagination';
import type { Auth } from '../../auth/auth';
import { requireAdmin } from '../../auth/require-admin';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { createPost, getPublishedPostPage, listCategories, listPublishedPosts } from './service';

/**
 * The blog API (spec §7 Blog): anyone reads published posts and categories; only admins create
 * posts (401 signed out, 403 otherwise). Drafts are never returned here.
 */
export function blogRoutes(auth: Auth, db: Database): FastifyPluginAsyncZod {
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
      async (request) => {
        const page = await getPublishedPostPage(db, request.params.slug);
        if (!page) throw AppError.notFound(blogMessages.postNotFound);
        return page;
      },
    );

    app.get(
      apiPaths.blogCategories,
      { schema: { tags: ['blog'], response: { 200: blogCategoryListSchema } } },
      async () => listCategories(db),
    );

    app.post(
      apiPaths.blogPosts,
      {
        schema: { tags: ['blog'], body: blogPostInputSchema, response: { 201: blogPostSummarySchema } },
        // Before body validation: a visitor learns nothing about the post format from a 400.
        preValidation: requireAdmin(auth, db),
      },
      async (request, reply) => reply.status(201).send(await createPost(db, request.user!.id, request.body)),
    );
  };
}
