import { useQueryClient } from '@tanstack/react-query';
import { Pause, Play, Settings2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { campaignMessages, type CampaignDetail } from '#shared/schemas/campaigns';
import { outreachMessages as m, type CampaignOutreach } from '#shared/schemas/outreach';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { useEmailAccounts } from '#web/data/email-account-queries';
import { useSequencePage } from '#web/data/sequence-queries';
import { useUpdateCampaign } from '../api/campaign-mutations';
import { useCampaignOutreach } from '../api/outreach-queries';
import { OutreachSettingsDialog } from './outreach-settings-dialog';
import { VariantStatsTable } from './variant-stats-table';
import { campaignsKey } from '#web/lib/query-keys';
import { refusalMessage } from '#web/lib/form-errors';

/** The sending state shown at the top of the panel. */
function sendingState(
  campaign: CampaignDetail,
  outreach: CampaignOutreach,
): { label: string; tone: BadgeTone } {
  if (outreach.progress.enrolled === 0) return { label: 'Not started', tone: 'neutral' };
  if (campaign.status === 'paused') return { label: 'Paused', tone: 'warning' };
  if (campaign.status === 'completed') return { label: 'Completed', tone: 'neutral' };
  return { label: 'Sending', tone: 'success' };
}

/**
 * The campaign's Outreach panel (docs/decisions/009-outreach-sending.md): its mailboxes, sequence and tracking with a dialog
 * to change them, how far sending has come, and Pause / Resume. While messages are queued it
 * follows the engine and refreshes the stats and prospect rows as messages go out.
 */
export function OutreachPanel({
  campaign,
  editing,
  onEditingChange,
}: {
  campaign: CampaignDetail;
  /** The settings dialog is open (the page opens it too, from Send Emails). */
  editing: boolean;
  onEditingChange: (open: boolean) => void;
}) {
  const query = useCampaignOutreach(campaign.id);
  useRefreshOnProgress(campaign.id, query.data);

  return (
    <Card role="region" aria-label="Outreach">
      <CardContent className="space-y-4">
        {query.isPending ? (
          <div role="status" aria-label="Loading outreach settings" className="space-y-3">
            <Skeleton className="h-6 w-40" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : query.isError ? (
          <p className="text-sm text-red-600 dark:text-red-400">{m.loadFailed}</p>
        ) : (
          <>
            <PanelHeader campaign={campaign} outreach={query.data} onEdit={() => onEditingChange(true)} />
            <PanelDetails outreach={query.data} />
            {query.data.progress.enrolled > 0 && <VariantStatsTable campaignId={campaign.id} />}
            <OutreachSettingsDialog
              campaignId={campaign.id}
              settings={query.data}
              open={editing}
              onOpenChange={onEditingChange}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function PanelHeader({
  campaign,
  outreach,
  onEdit,
}: {
  campaign: CampaignDetail;
  outreach: CampaignOutreach;
  onEdit: () => void;
}) {
  const update = useUpdateCampaign(campaign.id);
  const state = sendingState(campaign, outreach);
  const canToggle =
    outreach.progress.enrolled > 0 && (campaign.status === 'active' || campaign.status === 'paused');
  const toggle = () => {
    const status = campaign.status === 'active' ? 'paused' : 'active';
    update.mutate(
      { status },
      {
        onSuccess: () => toast.success(status === 'paused' ? m.paused : m.resumed),
        onError: (e) => toast.error(refusalMessage(e, campaignMessages.statusChangeFailed)),
      },
    );
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex items-center gap-3">
        <h2 className="text-lg font-semibold">Outreach</h2>
        <Badge tone={state.tone} aria-label={`Sending state: ${state.label}`}>
          {state.label}
        </Badge>
      </div>
      <div className="flex flex-wrap gap-2">
        {canToggle && (
          <Button size="sm" variant="outline" loading={update.isPending} onClick={toggle}>
            {campaign.status === 'active' ? (
              <>
                <Pause aria-hidden className="size-4" /> Pause Sending
              </>
            ) : (
              <>
                <Play aria-hidden className="size-4" /> Resume Sending
              </>
            )}
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={onEdit}>
          <Settings2 aria-hidden className="size-4" /> Outreach Settings
        </Button>
      </div>
    </div>
  );
}

function PanelDetails({ outreach }: { outreach: CampaignOutreach }) {
  const mailboxes = useEmailAccounts();
  const sequences = useSequencePage({ page: 1, pageSize: 100 });
  const emailOf = (id: string) => mailboxes.data?.find((a) => a.id === id)?.email ?? '…';
  const sequenceName = outreach.sequenceId
    ? (sequences.data?.items.find((s) => s.id === outreach.sequenceId)?.name ?? '…')
    : null;
  const p = outreach.progress;
  const muted = 'text-slate-500 dark:text-slate-400';
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-medium text-slate-600 dark:text-slate-400">Mailboxes</dt>
      <dd className="min-w-0 break-all">
        {outreach.emailAccountIds.length === 0 ? (
          <span className={muted}>None chosen</span>
        ) : (
          outreach.emailAccountIds.map(emailOf).join(', ')
        )}
      </dd>
      <dt className="font-medium text-slate-600 dark:text-slate-400">Sequence</dt>
      <dd>{sequenceName ?? <span className={muted}>None chosen</span>}</dd>
      <dt className="font-medium text-slate-600 dark:text-slate-400">Tracking</dt>
      <dd>
        Opens {outreach.trackOpens ? 'on' : 'off'} · Clicks {outreach.trackClicks ? 'on' : 'off'}
      </dd>
      <dt className="font-medium text-slate-600 dark:text-slate-400">Progress</dt>
      <dd className="tabular-nums">
        Enrolled {p.enrolled} · Queued {p.queued} · Sent {p.sent} · Flagged {p.flagged} · Failed {p.failed}
        {p.flagged > 0 && (
          <span className={`block ${muted}`}>
            Flagged messages have a placeholder the prospect has no value for; they are not sent.
          </span>
        )}
      </dd>
    </dl>
  );
}

/** When a message goes out (or fails), the stat cards and the prospect rows change too: refetch them. */
function useRefreshOnProgress(campaignId: string, outreach: CampaignOutreach | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef<string | null>(null);
  const key = outreach
    ? `${outreach.progress.sent}:${outreach.progress.failed}:${outreach.progress.flagged}`
    : null;
  useEffect(() => {
    if (key === null) return;
    if (seen.current !== null && seen.current !== key) {
      void queryClient.invalidateQueries({ queryKey: [...campaignsKey, 'detail', campaignId] });
      void queryClient.invalidateQueries({ queryKey: [...campaignsKey, 'prospects', campaignId] });
    }
    seen.current = key;
  }, [key, campaignId, queryClient]);
}
