import { FileText } from 'lucide-react';
import { useState } from 'react';
import { guestPostMessages as m, type GuestPostSummary } from '#shared/schemas/guest-posts';
import { DeleteDialog } from '#web/components/delete-dialog';
import { PagedQueryCard } from '#web/components/query-card';
import { Button } from '#web/components/ui/button';
import { DeleteButton } from '#web/components/ui/delete-button';
import { EmptyState } from '#web/components/ui/page-states';
import { formatDate } from '#web/lib/format';
import { useDeleteGuestPost, useGuestPostPage } from '../api/guest-post-queries';
import { pageOnly, useListParams } from '#web/lib/use-list-params';

const PAGE_SIZE = 5;

interface SavedGuestPostsProps {
  /** The post shown in the panel, marked in the list. */
  openId: string | null;
  onOpen: (id: string) => void;
  onDeleted: (id: string) => void;
}

/** Generated posts saved per campaign, newest first, to reopen or delete (docs/decisions/010-ai-writing.md). */
export function SavedGuestPosts({ openId, onOpen, onDeleted }: SavedGuestPostsProps) {
  const [{ page }, set] = useListParams(pageOnly.read, pageOnly.defaults);
  const setPage = (next: number) => set({ page: next });
  const [deleting, setDeleting] = useState<GuestPostSummary | null>(null);
  const query = useGuestPostPage({ page, pageSize: PAGE_SIZE });
  const remove = useDeleteGuestPost();
  return (
    <>
      <PagedQueryCard
        query={query}
        errorMessage={m.loadFailed}
        pager={{ page, pageSize: PAGE_SIZE, onPageChange: setPage, noun: 'posts' }}
        heading={
          <h2 className="border-b border-slate-200 px-5 py-3 text-base font-semibold dark:border-slate-800">
            Saved guest posts
          </h2>
        }
        empty={
          <EmptyState icon={FileText} title="No saved posts yet">
            Every post you generate is saved to its campaign and listed here.
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {data.items.map((post) => (
              <li key={post.id} className="flex items-center gap-3 px-5 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{post.title || 'Untitled post'}</p>
                  <p className="truncate text-sm text-slate-500 dark:text-slate-400">
                    {post.campaignName} · {post.targetWebsite} · {formatDate(post.createdAt)}
                  </p>
                </div>
                <Button
                  variant={post.id === openId ? 'default' : 'outline'}
                  size="sm"
                  aria-label={`Open ${post.title || 'untitled post'}`}
                  onClick={() => onOpen(post.id)}
                >
                  {post.id === openId ? 'Open' : 'Reopen'}
                </Button>
                <DeleteButton
                  label={`Delete ${post.title || 'untitled post'}`}
                  onClick={() => setDeleting(post)}
                />
              </li>
            ))}
          </ul>
        )}
      </PagedQueryCard>
      <DeleteDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title="Delete guest post"
        description={(post) => `Delete '${post.title || 'Untitled post'}'? This cannot be undone.`}
        remove={remove}
        done="Guest post deleted"
        failed="Failed to delete guest post"
        onDeleted={() => deleting && onDeleted(deleting.id)}
      />
    </>
  );
}
