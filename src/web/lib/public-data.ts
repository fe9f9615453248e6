import { apiPaths } from '#shared/paths';
import type { PublicDataSource } from '#shared/public-data';
import { blogPostListSchema, blogPostPageSchema } from '#shared/schemas/blog';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';

/** The public pages' data fetched from the API, for the browser. */
const apiPublicData: PublicDataSource = {
  listPosts: (page) => apiRequest(`${apiPaths.blogPosts}?page=${page}`, { schema: blogPostListSchema }),
  async getPost(slug) {
    try {
      return await apiRequest(apiPaths.blogPost(slug), { schema: blogPostPageSchema });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
};

/** The request context the server passes to loaders (see entry-server.tsx). */
export interface ServerLoaderContext {
  data: PublicDataSource;
}

function isServerContext(context: unknown): context is ServerLoaderContext {
  return typeof (context as ServerLoaderContext | undefined)?.data?.listPosts === 'function';
}

/** The data source for a loader: the server's services when rendering on the server, else the API. */
export function publicDataFor(context: unknown): { data: PublicDataSource; onServer: boolean } {
  return isServerContext(context)
    ? { data: context.data, onServer: true }
    : { data: apiPublicData, onServer: false };
}
