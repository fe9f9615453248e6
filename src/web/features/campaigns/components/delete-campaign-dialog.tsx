import { toast } from 'sonner';
import { campaignMessages as m } from '../../../../shared/schemas/campaigns';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeleteCampaign } from '../api/campaign-mutations';

interface DeleteCampaignDialogProps {
  campaign: { id: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}

/** The Delete Campaign confirmation (spec §2): cannot be undone; all associated data is deleted. */
export function DeleteCampaignDialog({ campaign, onOpenChange, onDeleted }: DeleteCampaignDialogProps) {
  const remove = useDeleteCampaign();
  return (
    <ConfirmDialog
      open={campaign !== null}
      onOpenChange={onOpenChange}
      title="Delete Campaign"
      description={
        <>
          Delete <strong>{campaign?.name}</strong>? This action cannot be undone. All associated data
          (prospects and live links) will be permanently deleted.
        </>
      }
      confirmLabel="Delete Campaign"
      destructive
      pending={remove.isPending}
      onConfirm={() =>
        campaign &&
        remove.mutate(campaign.id, {
          onSuccess: () => {
            toast.success('Campaign deleted');
            onOpenChange(false);
            onDeleted?.();
          },
          onError: () => toast.error(m.deleteFailed),
        })
      }
    />
  );
}
