import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, withId, withQuery } from '#shared/paths';
import { okSchema } from '#shared/schemas/api';
import {
  blogAdminPostListSchema,
  blogAdminPostSchema,
  blogCategoryListSchema,
  blogEditablePostSchema,
  blogPostSummarySchema,
  uploadedImageSchema,
  type BlogPostInput,
} from '#shared/schemas/blog';
import { apiRequest } from '#web/lib/api-client';

const categoriesQuery = queryOptions({
  queryKey: ['blog', 'categories'],
  queryFn: ({ signal }) => apiRequest(apiPaths.blogCategories, { schema: blogCategoryListSchema, signal }),
});

/** The blog's categories, by name (`GET /api/blog/categories`). */
export function useCategories() {
  return useQuery(categoriesQuery);
}

/** Uploads one image file (`POST /api/uploads/images`, admins only) and resolves with its URL and size. */
export function useUploadImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest(apiPaths.imageUploads, { method: 'POST', body: form, schema: uploadedImageSchema });
    },
  });
}

/** Every admin query (the post list, a post being edited) starts with this key. */
const adminKey = ['blog', 'admin'] as const;

/** After a write: the admin list, edited posts and categories (which may have grown) are refetched. */
function useRefreshBlogAdmin() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKey }),
      queryClient.invalidateQueries({ queryKey: categoriesQuery.queryKey }),
    ]);
}

/** Creates a post (`POST /api/blog/posts`, admins only). */
export function useCreatePost() {
  const refresh = useRefreshBlogAdmin();
  return useMutation({
    mutationFn: (input: BlogPostInput) =>
      apiRequest(apiPaths.blogPosts, { method: 'POST', body: input, schema: blogPostSummarySchema }),
    onSuccess: refresh,
  });
}

/** One page (1-based) of every post, drafts included, newest first (`GET /api/blog/admin/posts`). */
export function useAdminPosts(page: number) {
  return useQuery({
    queryKey: [...adminKey, 'posts', page],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(apiPaths.blogAdminPosts, { page }), { schema: blogAdminPostListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A post's stored fields for the edit form (`GET /api/blog/admin/posts/:id`). */
export function useEditablePost(id: string) {
  return useQuery({
    queryKey: [...adminKey, 'post', id],
    queryFn: ({ signal }) =>
      apiRequest(withId(apiPaths.blogAdminPost, id), { schema: blogEditablePostSchema, signal }),
  });
}

/** Saves the edit form of post `id` (`PUT /api/blog/admin/posts/:id`). */
export function useUpdatePost(id: string) {
  const refresh = useRefreshBlogAdmin();
  return useMutation({
    mutationFn: (input: BlogPostInput) =>
      apiRequest(withId(apiPaths.blogAdminPost, id), {
        method: 'PUT',
        body: input,
        schema: blogPostSummarySchema,
      }),
    onSuccess: refresh,
  });
}

/** Publishes a post or turns it back into a draft (`PUT /api/blog/admin/posts/:id/published`). */
export function useSetPublished() {
  const refresh = useRefreshBlogAdmin();
  return useMutation({
    mutationFn: ({ id, published }: { id: string; published: boolean }) =>
      apiRequest(withId(apiPaths.blogAdminPostPublished, id), {
        method: 'PUT',
        body: { published },
        schema: blogAdminPostSchema,
      }),
    onSuccess: refresh,
  });
}

/** Deletes a post by id (`DELETE /api/blog/admin/posts/:id`). */
export function useDeletePost() {
  const refresh = useRefreshBlogAdmin();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(withId(apiPaths.blogAdminPost, id), { method: 'DELETE', schema: okSchema }),
    onSuccess: refresh,
  });
}
