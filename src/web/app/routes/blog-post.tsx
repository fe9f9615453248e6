import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { paths } from '#shared/paths';
import { blogMessages, type BlogPostPage } from '#shared/schemas/blog';
import { BlogError } from '#web/features/blog/components/blog-error';
import { PostArticle } from '#web/features/blog/components/post-article';
import type { HeadHandle } from '#web/lib/page-head';
import { publicDataFor } from '#web/lib/public-data';

type LoaderData = { page: BlogPostPage | null };

/**
 * Loads a published post and its Recent Posts; `page` is null when there is no such published post.
 * An old slug of a renamed post redirects (301) to the current one, on the server and in the browser.
 */
export async function loader({ params, context }: LoaderFunctionArgs): Promise<LoaderData> {
  const slug = params.slug ?? '';
  const page = await publicDataFor(context).data.getPost(slug);
  if (page && page.post.slug !== slug) throw redirect(paths.blogPost(page.post.slug), 301);
  return { page };
}

export const handle: HeadHandle = {
  head: (data) => {
    const post = (data as LoaderData | undefined)?.page?.post;
    if (!post) {
      return {
        title: blogMessages.postNotFound,
        description: blogMessages.postNotFound,
        status: 404,
        noindex: true,
      };
    }
    return {
      title: post.title,
      description: post.excerpt || `${post.title} — on the LinkPilot blog.`,
      image: post.imageUrl,
      type: 'article',
    };
  },
};

/** Route module of /blog/:slug: the post, or 'Error' with 'Blog post not found'. */
export function Component() {
  const { page } = useLoaderData() as LoaderData;
  if (!page) return <BlogError message={blogMessages.postNotFound} />;
  return <PostArticle page={page} />;
}

/** Loading failed (network or server): 'Error' with 'Failed to load blog post' (docs/product.md#public-pages, docs/product.md#errors). */
export function ErrorBoundary() {
  return <BlogError message={blogMessages.loadPostFailed} />;
}
