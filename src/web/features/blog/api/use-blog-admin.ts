import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/paths';
import {
  blogCategoryListSchema,
  blogPostSummarySchema,
  uploadedImageSchema,
  type BlogPostInput,
} from '../../../../shared/schemas/blog';
import { apiRequest } from '../../../lib/api-client';

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

/** Creates a post (`POST /api/blog/posts`, admins only); refreshes the category list, which may have grown. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BlogPostInput) =>
      apiRequest(apiPaths.blogPosts, { method: 'POST', body: input, schema: blogPostSummarySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQuery.queryKey }),
  });
}
