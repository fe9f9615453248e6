import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths, withQuery } from '#shared/paths';
import { blogMessages } from '#shared/schemas/blog';
import { Alert } from '#web/components/ui/alert';
import { ErrorState } from '#web/components/ui/page-states';
import { PageSpinner } from '#web/components/ui/spinner';
import { useEditablePost } from '#web/features/blog/api/blog-admin-queries';
import { AdminGuard } from '#web/features/blog/components/admin-guard';
import { PostForm } from '#web/features/blog/components/post-form';
import { ApiError } from '#web/lib/api-error';
import type { HeadHandle } from '#web/lib/page-head';

export const handle: HeadHandle = {
  head: () => ({ title: 'Edit Blog Post', description: 'Blog administration.', noindex: true }),
};

const postList = withQuery(paths.blogAdmin, { tab: 'posts' });

/** The edit form once the post has loaded; 'Blog post not found' for an unknown id. */
function EditPost({ id }: { id: string }) {
  const navigate = useNavigate();
  const query = useEditablePost(id);
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    // 400: an id that is not a post id at all (the API checks its form).
    if (query.error instanceof ApiError && [400, 404].includes(query.error.status)) {
      return <Alert variant="destructive">{blogMessages.postNotFound}</Alert>;
    }
    return <ErrorState message={blogMessages.loadPostFailed} onRetry={() => void query.refetch()} />;
  }
  return <PostForm post={query.data} onSaved={() => void navigate(postList)} />;
}

/** Route module of /blog/admin/posts/:id/edit: the post form prefilled with a stored post, admins only. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <AdminGuard>
      <div className="mx-auto max-w-3xl px-6 py-16">
        <Link
          to={postList}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          <ArrowLeft aria-hidden className="size-4" /> All posts
        </Link>
        <h1 className="mt-4 mb-8 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          Edit Blog Post
        </h1>
        <EditPost id={id} />
      </div>
    </AdminGuard>
  );
}
