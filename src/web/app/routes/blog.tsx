import { Rss } from 'lucide-react';
import { Suspense } from 'react';
import { Await, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { paths, sitePaths } from '#shared/paths';
import { blogMessages, type BlogPostList } from '#shared/schemas/blog';
import { pageCount } from '#shared/schemas/pagination';
import { BlogError } from '#web/features/blog/components/blog-error';
import { Pagination } from '#web/features/blog/components/pagination';
import { PostCard, PostCardSkeleton } from '#web/features/blog/components/post-card';
import type { HeadHandle } from '#web/lib/page-head';
import { publicDataFor } from '#web/lib/public-data';

/** The 1-based page of `?page=`; anything else is page 1. */
function pageParam(url: string): number {
  const page = Number(new URL(url).searchParams.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * Loads a page of posts. On the server it waits, so the HTML contains them; in the browser it hands the
 * promise to the page, which shows three placeholder cards until it settles (docs/product.md#public-pages).
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  const page = pageParam(request.url);
  const { data, onServer } = publicDataFor(context);
  const posts = data.listPosts(page);
  return onServer ? posts.then((list) => ({ page, posts: list })) : { page, posts };
}

type LoaderData = { page: number; posts: BlogPostList | Promise<BlogPostList> };

export const handle: HeadHandle = {
  head: (data) => {
    const { page = 1, posts } = (data as LoaderData | undefined) ?? {};
    // A page past the last one (known once the list has loaded, as on the server) is not a page.
    const beyondEnd =
      posts !== undefined && !(posts instanceof Promise) && page > pageCount(posts.total, posts.pageSize);
    return {
      title: page > 1 ? `Blog — page ${page}` : 'Blog',
      description:
        'Guides on link building, outreach emails that get replies, and tracking the backlinks you win.',
      ...(beyondEnd && { status: 404, noindex: true }),
    };
  },
};

function PostGrid({ list }: { list: BlogPostList }) {
  if (list.items.length === 0) {
    return <p className="mt-12 text-center text-slate-600 dark:text-slate-400">{blogMessages.noPosts}</p>;
  }
  return (
    <>
      <div className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-3" data-testid="post-grid">
        {list.items.map((post) => (
          <PostCard key={post.id} post={post} />
        ))}
      </div>
      <Pagination
        page={list.page}
        pageCount={pageCount(list.total, list.pageSize)}
        hrefOf={(n) => (n === 1 ? paths.blog : `${paths.blog}?page=${n}`)}
      />
    </>
  );
}

function Placeholders() {
  return (
    <div
      className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-3"
      aria-busy="true"
      aria-label="Loading posts"
    >
      {[0, 1, 2].map((i) => (
        <PostCardSkeleton key={i} />
      ))}
    </div>
  );
}

/** Route module of /blog: published posts, newest first, in a 3-column grid, paginated. */
export function Component() {
  const { posts } = useLoaderData() as LoaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8 py-16 sm:py-24">
      <div className="max-w-2xl">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white">Blog</h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
          Link building guides, outreach playbooks and product news from the LinkPilot team.{' '}
          <a
            href={sitePaths.rss}
            className="inline-flex items-center gap-1 font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
          >
            <Rss aria-hidden className="size-4" />
            RSS feed
          </a>
        </p>
      </div>
      <Suspense fallback={<Placeholders />}>
        <Await resolve={posts} errorElement={<BlogError message={blogMessages.loadListFailed} />}>
          {(list: BlogPostList) => <PostGrid list={list} />}
        </Await>
      </Suspense>
    </div>
  );
}
