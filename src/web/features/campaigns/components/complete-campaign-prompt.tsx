import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { offersCompletion } from '#shared/campaign-progress';
import { campaignMessages as m, type CampaignDetail } from '#shared/schemas/campaigns';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { refusalMessage } from '#web/lib/form-errors';
import { useUpdateCampaign } from '../api/campaign-mutations';

/**
 * Once every enrolled sequence of an active or paused campaign has ended (offersCompletion), offers to
 * mark it Completed, after a confirmation since completed is final. It does not complete the campaign
 * itself: prospects not enrolled yet can still be sent to, which the prompt says when there are some.
 * Nothing while a prospect search runs (`running`) or in other states.
 */
export function CompleteCampaignPrompt({
  campaign,
  running,
}: {
  campaign: CampaignDetail;
  running: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateCampaign(campaign.id);
  if (running || !offersCompletion(campaign.status, campaign.campaignProgress)) return null;
  const pending = campaign.prospectCounts.pending;
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 sm:flex-row sm:items-center dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100"
    >
      <CircleCheck aria-hidden className="hidden size-5 shrink-0 sm:block" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">Every enrolled prospect’s sequence has ended.</p>
        <p className="mt-0.5">
          {pending > 0
            ? `${pending} ${pending === 1 ? 'prospect was' : 'prospects were'} never sent to: Send Emails reaches them. Or mark the campaign Completed.`
            : 'Mark the campaign Completed to close it.'}
        </p>
      </div>
      <Button variant="outline" className="shrink-0" onClick={() => setConfirming(true)}>
        Mark Completed
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Complete Campaign"
        description="A completed campaign sends no more emails and cannot be made active again."
        confirmLabel="Mark Completed"
        pending={update.isPending}
        onConfirm={() =>
          update.mutate(
            { status: 'completed' },
            {
              onSuccess: () => {
                setConfirming(false);
                toast.success('Campaign set to completed');
              },
              onError: (e) => {
                setConfirming(false);
                toast.error(refusalMessage(e, m.statusChangeFailed));
              },
            },
          )
        }
      />
    </div>
  );
}
