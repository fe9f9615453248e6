import { formatPostDate } from '#shared/format-date';
import type { BlogPostPage } from '#shared/schemas/blog';
import { CategoryList } from './category-list';
import { PostCard } from './post-card';

/** One post (docs/product.md#public-pages /blog/{slug}): categories, title, date, image, body, then up to 3 Recent Posts. */
export function PostArticle({ page }: { page: BlogPostPage }) {
  const { post, recent } = page;
  return (
    <div className="px-6 py-16 sm:py-20">
      <article className="mx-auto max-w-3xl">
        <header className="space-y-4">
          <CategoryList categories={post.categories} />
          <h1 className="text-4xl font-bold tracking-tight text-balance text-slate-900 dark:text-white">
            {post.title}
          </h1>
          <time dateTime={post.createdAt} className="block text-sm text-slate-500 dark:text-slate-400">
            {formatPostDate(post.createdAt)}
          </time>
        </header>
        {post.imageUrl && (
          <img
            src={post.imageUrl}
            alt=""
            className="mt-8 aspect-[16/9] w-full rounded-2xl object-cover shadow-sm"
          />
        )}
        {/* contentHtml is rendered by the server from markdown with raw HTML off, then sanitized (blog-markup.ts). */}
        <div className="post-body mt-10" dangerouslySetInnerHTML={{ __html: post.contentHtml }} />
      </article>
      {recent.length > 0 && (
        <section
          aria-labelledby="recent-title"
          className="mx-auto mt-20 max-w-6xl border-t border-slate-200 pt-12 dark:border-slate-800"
        >
          <h2 id="recent-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
            Recent Posts
          </h2>
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {recent.map((p) => (
              <PostCard key={p.id} post={p} headingLevel="h3" />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
