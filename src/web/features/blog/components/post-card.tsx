import { Link } from 'react-router';
import { formatPostDate } from '#shared/format-date';
import { paths } from '#shared/paths';
import type { BlogPostSummary } from '#shared/schemas/blog';
import { CategoryList } from './category-list';
import { PostImage } from './post-image';

const cardClass =
  'flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900';

/** A post in a list: image or placeholder, categories, title, excerpt and date, linking to the post (docs/product.md#public-pages). */
export function PostCard({
  post,
  headingLevel = 'h2',
}: {
  post: BlogPostSummary;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <article
      className={`${cardClass} group relative transition-shadow focus-within:ring-2 focus-within:ring-indigo-500 hover:shadow-md`}
    >
      <PostImage src={post.imageUrl} />
      <div className="flex flex-1 flex-col gap-3 p-6">
        <CategoryList categories={post.categories} />
        <Heading className="text-lg font-semibold text-slate-900 group-hover:text-indigo-700 dark:text-white dark:group-hover:text-indigo-300">
          {/* The link covers the whole card (after:inset-0) so the card is one target with one name. */}
          <Link to={paths.blogPost(post.slug)} className="outline-none after:absolute after:inset-0">
            {post.title}
          </Link>
        </Heading>
        {post.excerpt && (
          <p className="line-clamp-3 text-sm text-slate-600 dark:text-slate-400">{post.excerpt}</p>
        )}
        <time dateTime={post.createdAt} className="mt-auto pt-2 text-sm text-slate-500 dark:text-slate-400">
          {formatPostDate(post.createdAt)}
        </time>
      </div>
    </article>
  );
}

/** A grey stand-in for a card while posts load (three of them show, docs/product.md#public-pages). */
export function PostCardSkeleton() {
  return (
    <div aria-hidden data-testid="post-card-skeleton" className={`${cardClass} animate-pulse`}>
      <div className="aspect-[16/9] bg-slate-200 dark:bg-slate-800" />
      <div className="space-y-3 p-6">
        <div className="h-4 w-20 rounded bg-slate-200 dark:bg-slate-800" />
        <div className="h-5 w-3/4 rounded bg-slate-200 dark:bg-slate-800" />
        <div className="h-4 w-full rounded bg-slate-200 dark:bg-slate-800" />
        <div className="h-4 w-1/3 rounded bg-slate-200 dark:bg-slate-800" />
      </div>
    </div>
  );
}
