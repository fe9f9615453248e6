import { UsersRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { campaignMessages as m, type Campaign } from '#shared/schemas/campaigns';
import { Button } from '#web/components/ui/button';
import { Checkbox } from '#web/components/ui/checkbox';
import { Dialog, DialogContent, DialogFormFooter } from '#web/components/ui/dialog';
import { Skeleton } from '#web/components/ui/skeleton';
import { refusalMessage } from '#web/lib/form-errors';
import { useTeamUsers } from '#web/data/team-queries';
import { useSetCampaignCollaborators } from '../api/campaign-mutations';

/**
 * The detail page's "Collaborators" button and its dialog: any member ticks the workspace's members
 * (the owner aside) who work on the campaign (docs/product.md#roles).
 */
export function CollaboratorsButton({
  campaign,
}: {
  campaign: Pick<Campaign, 'id' | 'owner' | 'collaborators'>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <UsersRound aria-hidden className="size-4" /> Collaborators
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title="Collaborators"
          description="Members of the workspace who work on this campaign."
        >
          {open && <CollaboratorsForm campaign={campaign} onDone={() => setOpen(false)} />}
        </DialogContent>
      </Dialog>
    </>
  );
}

function CollaboratorsForm({
  campaign,
  onDone,
}: {
  campaign: Pick<Campaign, 'id' | 'owner' | 'collaborators'>;
  onDone: () => void;
}) {
  const members = useTeamUsers();
  const save = useSetCampaignCollaborators(campaign.id);
  const [chosen, setChosen] = useState<string[]>(() => campaign.collaborators.map((c) => c.id));
  const choices = (members.data ?? []).filter((member) => member.id !== campaign.owner?.id);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Only members still listed are sent: someone who left the workspace drops out.
    const userIds = choices.filter((member) => chosen.includes(member.id)).map((member) => member.id);
    save.mutate(
      { userIds },
      {
        onSuccess: () => {
          toast.success('Collaborators saved');
          onDone();
        },
        onError: (caught) => toast.error(refusalMessage(caught, m.saveCollaboratorsFailed)),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Members</legend>
        {members.isPending ? (
          <Skeleton className="mt-2 h-16 w-full" />
        ) : members.isError ? (
          <p className="mt-2 text-sm text-red-600 dark:text-red-400">
            Failed to load the workspace’s members
          </p>
        ) : choices.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Nobody else is in this workspace yet.
          </p>
        ) : (
          <div className="mt-2 space-y-2">
            {choices.map((member) => (
              <Checkbox
                key={member.id}
                checked={chosen.includes(member.id)}
                onChange={(event) =>
                  setChosen((ids) =>
                    event.target.checked ? [...ids, member.id] : ids.filter((id) => id !== member.id),
                  )
                }
                label={member.name}
                hint={member.email}
              />
            ))}
          </div>
        )}
      </fieldset>
      <DialogFormFooter
        onCancel={onDone}
        cancelDisabled={save.isPending}
        submitLabel="Save"
        pending={save.isPending}
        submitDisabled={!members.isSuccess}
      />
    </form>
  );
}
