import { campaignMessages as m } from '#shared/schemas/campaigns';
import { DeleteDialog } from '#web/components/delete-dialog';
import { useDeleteCampaign } from '../api/campaign-mutations';

interface DeleteCampaignDialogProps {
  campaign: { id: string; name: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** The Delete Campaign confirmation (docs/product.md#campaign-detail): cannot be undone; all associated data is deleted. */
export function DeleteCampaignDialog({ campaign, onClose, onDeleted }: DeleteCampaignDialogProps) {
  return (
    <DeleteDialog
      target={campaign}
      onClose={onClose}
      title="Delete Campaign"
      description={(c) => (
        <>
          Delete <strong>{c.name}</strong>? This action cannot be undone. All associated data (prospects and
          live links) will be permanently deleted.
        </>
      )}
      confirmLabel="Delete Campaign"
      remove={useDeleteCampaign()}
      done="Campaign deleted"
      failed={m.deleteFailed}
      onDeleted={onDeleted}
    />
  );
}
