import { FileText, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { paths } from '#shared/paths';
import { blogMessages, type BlogAdminPost } from '#shared/schemas/blog';
import { DeleteDialog } from '#web/components/delete-dialog';
import { PagedQueryCard } from '#web/components/query-card';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { DeleteButton } from '#web/components/ui/delete-button';
import { EmptyState } from '#web/components/ui/page-states';
import { formatDate } from '#web/lib/format';
import { useAdminPosts, useDeletePost, useSetPublished } from '../api/blog-admin-queries';

/** Publish or Unpublish for one post, with a toast of the outcome. */
function PublishButton({ post }: { post: BlogAdminPost }) {
  const setPublished = useSetPublished();
  const next = !post.published;
  return (
    <Button
      variant="outline"
      size="sm"
      loading={setPublished.isPending}
      aria-label={`${next ? 'Publish' : 'Unpublish'} ${post.title}`}
      onClick={() =>
        setPublished.mutate(
          { id: post.id, published: next },
          {
            onSuccess: () => toast.success(next ? blogMessages.nowPublished : blogMessages.nowDraft),
            onError: () => toast.error(blogMessages.publishError),
          },
        )
      }
    >
      {next ? 'Publish' : 'Unpublish'}
    </Button>
  );
}

function PostRow({ post, onDelete }: { post: BlogAdminPost; onDelete: () => void }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-4">
      <div className="min-w-0 flex-1 basis-64">
        <div className="flex flex-wrap items-center gap-2">
          {post.published ? (
            <Link
              to={paths.blogPost(post.slug)}
              className="truncate font-medium text-slate-900 underline-offset-2 hover:underline dark:text-white"
            >
              {post.title}
            </Link>
          ) : (
            <span className="truncate font-medium text-slate-900 dark:text-white">{post.title}</span>
          )}
          <Badge tone={post.published ? 'success' : 'neutral'}>
            {post.published ? 'Published' : 'Draft'}
          </Badge>
        </div>
        <p className="mt-0.5 truncate text-sm text-slate-500 dark:text-slate-400">/blog/{post.slug}</p>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          Created {formatDate(post.createdAt)}
          {post.publishedAt && ` · first published ${formatDate(post.publishedAt)}`}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" asChild>
          <Link to={paths.blogAdminEdit(post.id)} aria-label={`Edit ${post.title}`}>
            <Pencil aria-hidden className="size-4" /> Edit
          </Link>
        </Button>
        <PublishButton post={post} />
        <DeleteButton label={`Delete ${post.title}`} onClick={onDelete} />
      </div>
    </li>
  );
}

/**
 * Every post for blog admins, drafts included, newest first, paginated on the server: edit, publish or
 * unpublish, and delete after a confirmation. Loading, error (with retry) and empty states.
 */
export function AdminPostList() {
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<BlogAdminPost | null>(null);
  const query = useAdminPosts(page);
  const remove = useDeletePost();
  return (
    <>
      <PagedQueryCard
        query={query}
        errorMessage={blogMessages.loadAdminListFailed}
        pager={{ page, onPageChange: setPage, noun: 'posts' }}
        heading={<h2 className="sr-only">Posts</h2>}
        empty={<EmptyState icon={FileText} title={blogMessages.noAdminPosts} />}
      >
        {(data) => (
          <ul
            aria-label="Posts"
            aria-busy={query.isFetching}
            className="divide-y divide-slate-200 dark:divide-slate-800"
          >
            {data.items.map((post) => (
              <PostRow key={post.id} post={post} onDelete={() => setDeleting(post)} />
            ))}
          </ul>
        )}
      </PagedQueryCard>
      <DeleteDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title="Delete post"
        description={(post) =>
          `Delete '${post.title}'? Its page and any old addresses stop working. This cannot be undone.`
        }
        remove={remove}
        done={blogMessages.deleted}
        failed={blogMessages.deleteError}
        // The last post of a page is gone: show the page before, not an empty one.
        onDeleted={() => query.data?.items.length === 1 && page > 1 && setPage(page - 1)}
      />
    </>
  );
}
