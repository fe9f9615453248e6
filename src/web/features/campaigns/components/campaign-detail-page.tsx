import { ArrowLeft, ExternalLink, Search, Send, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { displayUrl } from '#shared/display-host';
import { paths } from '#shared/paths';
import { mayDeleteCampaign } from '#shared/roles';
import {
  campaignMessages as m,
  campaignStatusTransitions,
  type CampaignDetail,
  type CampaignStatus,
} from '#shared/schemas/campaigns';
import { discoveryMessages } from '#shared/schemas/discovery';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { Select } from '#web/components/ui/select';
import { Skeleton } from '#web/components/ui/skeleton';
import { ApiError } from '#web/lib/api-error';
import { useMe } from '#web/data/session-queries';
import { useCancelFindProspects, useFindProspects, useUpdateCampaign } from '../api/campaign-mutations';
import { isRunActive, useCampaignDetail, useFindProspectsRun } from '../api/campaign-queries';
import { useFollowFindProspectsRun } from './use-follow-find-prospects-run';
import { CampaignDetailTabs } from './campaign-detail-tabs';
import { CampaignStats } from './campaign-stats';
import { CampaignStatusBadge } from './campaign-status-badge';
import { CollaboratorsButton } from './collaborators-dialog';
import { CompleteCampaignPrompt } from './complete-campaign-prompt';
import { CompetitorsPanel } from './competitors-panel';
import { DeleteCampaignDialog } from './delete-campaign-dialog';
import { FindProspectsProgress } from './find-prospects-progress';
import { OutreachPanel } from './outreach-panel';
import { SendEmailsDialog } from './send-emails-dialog';
import { useDetailTab } from './use-detail-tab';
import { refusalMessage } from '#web/lib/form-errors';

const statusLabel = (s: CampaignStatus) => s[0]!.toUpperCase() + s.slice(1);

/**
 * The tab panels other features own (the prospects table, the competitor gap, AI first lines), each
 * drawn for the campaign shown; the route module (app/routes/campaign-detail.tsx) puts them in.
 */
export type CampaignFeaturePanels = Record<
  'prospects' | 'competitor-gap' | 'import' | 'first-lines',
  (campaign: CampaignDetail) => ReactNode
>;

/**
 * /dashboard/campaigns/:id: the header (with its collaborators and the Collaborators dialog), the competitor panel and the stat
 * cards, then tabs: the prospects table first, then the Outreach, Competitor gap and AI first lines
 * panels (`?tab=` keeps the one shown). `footer` is what the route module puts under the tabs once the
 * campaign has loaded (its Activity card); `panels` are the tabs other features own.
 */
export function CampaignDetailPage({
  panels,
  footer,
}: {
  panels: CampaignFeaturePanels;
  footer?: ReactNode;
}) {
  const { id = '' } = useParams();
  const query = useCampaignDetail(id);
  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    const missing =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return <DetailError message={missing ? m.notFound : m.loadFailed} />;
  }
  // Keyed by id: local edits (competitors) start fresh when another campaign opens.
  return <CampaignDetailView key={query.data.id} campaign={query.data} panels={panels} footer={footer} />;
}

function CampaignDetailView({
  campaign,
  panels,
  footer,
}: {
  campaign: CampaignDetail;
  panels: CampaignFeaturePanels;
  footer?: ReactNode;
}) {
  const navigate = useNavigate();
  // Delete Campaign shows only to its owner and Full Access (docs/product.md#roles).
  const me = useMe().data;
  const [deleting, setDeleting] = useState(false);
  const [sending, setSending] = useState(false);
  const [editingOutreach, setEditingOutreach] = useState(false);
  const [tab, setTab] = useDetailTab();
  const find = useFindProspects();
  const cancel = useCancelFindProspects();
  const run = useFindProspectsRun(campaign.id).data;
  const running = isRunActive(run);
  useFollowFindProspectsRun(run);
  const update = useUpdateCampaign(campaign.id);
  const statusOptions = [campaign.status, ...campaignStatusTransitions[campaign.status]].map((s) => ({
    value: s,
    label: statusLabel(s),
  }));

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-8">
      <Link
        to={paths.dashboard}
        className="inline-flex items-center gap-1.5 text-sm text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
      >
        <ArrowLeft aria-hidden className="size-4" /> Back to Campaigns
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{campaign.name}</h1>
            <CampaignStatusBadge status={campaign.status} />
          </div>
          <a
            href={campaign.websiteUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-1 inline-flex max-w-full items-center gap-1 text-sm break-all text-indigo-700 hover:underline dark:text-indigo-300"
          >
            {displayUrl(campaign.websiteUrl)} <ExternalLink aria-hidden className="size-3.5 shrink-0" />
          </a>
          {campaign.collaborators.length > 0 && (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Collaborators: {campaign.collaborators.map((c) => c.name).join(', ')}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Select
            aria-label="Campaign status"
            className="w-36"
            value={campaign.status}
            options={statusOptions}
            disabled={statusOptions.length === 1 || update.isPending}
            onValueChange={(status) =>
              status !== campaign.status &&
              update.mutate(
                { status: status as CampaignStatus },
                {
                  onSuccess: () =>
                    toast.success(`Campaign ${status === 'active' ? 'activated' : `set to ${status}`}`),
                  onError: (e) => toast.error(refusalMessage(e, m.statusChangeFailed)),
                },
              )
            }
          />
          {me && mayDeleteCampaign(me.role, me.id, campaign.owner?.id) && (
            <Button variant="destructive" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden className="size-4" /> Delete Campaign
            </Button>
          )}
          <Button
            variant="outline"
            loading={find.isPending}
            disabled={running}
            onClick={() =>
              find.mutate(campaign.id, {
                onError: (e) => toast.error(refusalMessage(e, discoveryMessages.failed)),
              })
            }
          >
            <Search aria-hidden className="size-4" /> Find Prospects
          </Button>
          <Button variant="outline" onClick={() => setSending(true)}>
            <Send aria-hidden className="size-4" /> Send Emails
          </Button>
          <CollaboratorsButton campaign={campaign} />
        </div>
      </div>
      <FindProspectsProgress
        run={run}
        cancelling={cancel.isPending}
        onCancel={() =>
          cancel.mutate(campaign.id, {
            onSuccess: () => toast.success(discoveryMessages.cancelled),
            onError: (e) => toast.error(refusalMessage(e, discoveryMessages.failed)),
          })
        }
      />
      <CompleteCampaignPrompt campaign={campaign} running={running} />
      <CompetitorsPanel campaign={campaign} />
      <CampaignStats campaign={campaign} run={run} />
      <CampaignDetailTabs
        tab={tab}
        onTabChange={setTab}
        panels={{
          prospects: panels.prospects(campaign),
          outreach: (
            <OutreachPanel
              campaign={campaign}
              editing={editingOutreach}
              onEditingChange={setEditingOutreach}
            />
          ),
          'competitor-gap': panels['competitor-gap'](campaign),
          import: panels.import(campaign),
          'first-lines': panels['first-lines'](campaign),
        }}
      />
      {footer}
      <SendEmailsDialog
        campaignId={campaign.id}
        paused={campaign.status === 'paused'}
        open={sending}
        onOpenChange={setSending}
        onOpenSettings={() => {
          setTab('outreach');
          setEditingOutreach(true);
        }}
      />
      <DeleteCampaignDialog
        campaign={deleting ? campaign : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate(paths.dashboard)}
      />
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div
      className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-8"
      role="status"
      aria-label="Loading campaign"
    >
      <Skeleton className="h-4 w-36" />
      <Skeleton className="h-9 w-72" />
      <Skeleton className="h-32 w-full" />
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-5">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-28 last:col-span-2 xl:last:col-span-1" />
        ))}
      </div>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

function DetailError({ message }: { message: string }) {
  return (
    <div className="mx-auto w-full max-w-xl p-4 sm:p-8">
      <Card>
        <CardContent className="text-center">
          <h1 className="text-2xl font-bold">Error</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-400">{message}</p>
          <Button asChild className="mt-6">
            <Link to={paths.dashboard}>Return to Dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
