import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '#shared/paths';
import { guestPostMessages as m, type GuestPost, type GuestPostRequest } from '#shared/schemas/guest-posts';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { ErrorState, PageHeader } from '#web/components/ui/page-states';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatDate } from '#web/lib/format';
import { aiFailureMessage } from '#web/data/ai-failure';
import { aiStatusKey, useAiStatus } from '#web/data/ai-queries';
import { AiNotConfigured } from '#web/widgets/ai/ai-not-configured';
import { guestPostsKey, useGuestPost, useGuestPostCampaigns } from '../api/guest-post-queries';
import { streamGuestPost } from '../api/stream-guest-post';
import { GeneratedContentPanel } from './generated-content-panel';
import { GuestPostForm } from './guest-post-form';
import { SavedGuestPosts } from './saved-guest-posts';
import { WritingTips } from './writing-tips';

/**
 * /dashboard/guest-posts (docs/product.md#guest-posts; docs/decisions/010-ai-writing.md): the form, the Generated Content panel
 * the post streams into, Writing Tips until there is content, and the saved posts to reopen.
 * Closing returns to /dashboard.
 */
export function GuestPostsPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useAiStatus();
  const campaigns = useGuestPostCampaigns();
  const [streamed, setStreamed] = useState('');
  const [generating, setGenerating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const opened = useGuestPost(generating ? null : openId);
  const abortRef = useRef<AbortController | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  /** Streams a post; resolves with the error that stopped it (null when it was written or cancelled). */
  const generate = async (request: GuestPostRequest): Promise<unknown> => {
    abortRef.current?.abort();
    const abort = new AbortController();
    abortRef.current = abort;
    setError(null);
    setOpenId(null);
    setStreamed('');
    setGenerating(true);
    // On one column the panel is below the form: bring it up so the text can be watched arriving.
    if (window.matchMedia('(max-width: 1023px)').matches) {
      panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
    try {
      const post: GuestPost = await streamGuestPost(
        request,
        (text) => setStreamed((s) => s + text),
        abort.signal,
      );
      queryClient.setQueryData([...guestPostsKey, 'one', post.id], post);
      setOpenId(post.id);
      setStreamed('');
      void queryClient.invalidateQueries({ queryKey: [...guestPostsKey, 'list'] });
      return null;
    } catch (caught) {
      if (abort.signal.aborted) return null;
      setError(aiFailureMessage(caught, m.generateFailed));
      return caught;
    } finally {
      setGenerating(false);
      void queryClient.invalidateQueries({ queryKey: aiStatusKey });
    }
  };

  const post = openId ? opened.data : undefined;
  const content = generating || streamed ? streamed : (post?.content ?? '');
  const notConfigured = status.data?.configured === false;

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-8">
      <PageHeader
        title="Guest Post Generator"
        subtitle="Write a guest post that fits the target site, with your links in it"
        actions={
          <Button
            variant="ghost"
            size="icon"
            aria-label="Close"
            onClick={() => void navigate(paths.dashboard)}
          >
            <X aria-hidden className="size-5" />
          </Button>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="space-y-4">
          {notConfigured && <AiNotConfigured />}
          <Card className="p-5">
            {campaigns.isPending ? (
              <div className="space-y-4" role="status" aria-label="Loading">
                {Array.from({ length: 5 }, (_, i) => (
                  <Skeleton key={i} className="h-10 w-full" />
                ))}
              </div>
            ) : campaigns.isError ? (
              <ErrorState message="Failed to load campaigns" onRetry={() => void campaigns.refetch()} />
            ) : (
              <>
                {campaigns.data.length === 0 && (
                  <Alert className="mb-4">
                    A guest post belongs to a campaign.{' '}
                    <Link to={paths.dashboard} className="font-medium underline">
                      Create a campaign
                    </Link>{' '}
                    first.
                  </Alert>
                )}
                <GuestPostForm
                  campaigns={campaigns.data}
                  generating={generating}
                  disabled={notConfigured}
                  onGenerate={generate}
                />
              </>
            )}
          </Card>
          {status.data?.configured && (
            <p className="text-center text-xs text-slate-500 dark:text-slate-400">
              {status.data.requestsLeftToday} of {status.data.dailyLimit} AI requests left today
            </p>
          )}
        </div>
        <div ref={panelRef} className="scroll-mt-20 space-y-4">
          {error && <Alert variant="destructive">{error}</Alert>}
          <GeneratedContentPanel
            content={content}
            generating={generating}
            linkChecks={!generating && post && !streamed ? post.linkChecks : null}
            caption={
              post && !generating && !streamed
                ? `Saved to ${post.campaignName} · ${formatDate(post.createdAt)}`
                : undefined
            }
          />
          {!content && <WritingTips />}
        </div>
      </div>
      <SavedGuestPosts
        openId={openId}
        onOpen={(id) => {
          setStreamed('');
          setError(null);
          setOpenId(id);
        }}
        onDeleted={(id) => id === openId && setOpenId(null)}
      />
    </div>
  );
}
