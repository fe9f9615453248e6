import { useState } from 'react';
import { toast } from 'sonner';
import { invitationMessages as m, type Invitation, type IssuedInvitation } from '#shared/schemas/invitations';
import { roleLabels } from '#shared/schemas/settings';
import { ConfirmMutationDialog } from '#web/components/confirm-mutation-dialog';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { RevokeButton } from '#web/components/ui/revoke-button';
import { formatDate } from '#web/lib/format';
import { refusalMessage } from '#web/lib/form-errors';
import { useInvitations, useResendInvitation, useRevokeInvitation } from '../api/invitation-queries';

/** How a pending invitation names whom it is for. */
export const invitationTarget = (invitation: Pick<Invitation, 'email'>) =>
  invitation.email ?? 'Anyone with the link';

/**
 * The workspace's pending invitations (Full Access only): whom each is for, its role, inviter and
 * expiry, with Re-send (a new link, passed to `onResent` to show) and Revoke (after confirming).
 */
export function PendingInvitations({
  onResent,
  onRevoked,
}: {
  onResent: (issued: IssuedInvitation) => void;
  onRevoked: (id: string) => void;
}) {
  const invitations = useInvitations();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  return (
    <section aria-labelledby="pending-invitations-heading">
      <h3 id="pending-invitations-heading" className="text-base font-semibold">
        Pending invitations
      </h3>
      {invitations.isPending ? (
        <TableSkeleton rows={2} />
      ) : invitations.isError ? (
        <ErrorState message={m.loadFailed} onRetry={() => invitations.refetch()} />
      ) : invitations.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">No pending invitations</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
          {invitations.data.map((invitation) => {
            const target = invitationTarget(invitation);
            return (
              <li
                key={invitation.id}
                className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0 text-sm">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium break-all">{target}</span>
                    <Badge tone={invitation.role === 'full' ? 'accent' : 'neutral'}>
                      {roleLabels[invitation.role]}
                      {invitation.client && ` · ${invitation.client.name}`}
                    </Badge>
                  </p>
                  <p className="mt-0.5 text-slate-500 dark:text-slate-400">
                    {[
                      invitation.invitedBy && `Invited by ${invitation.invitedBy}`,
                      `Expires ${formatDate(invitation.expiresAt)}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Re-send the invitation for ${target}`}
                    loading={resend.isPending && resend.variables === invitation.id}
                    onClick={() =>
                      resend.mutate(invitation.id, {
                        onSuccess: (issued) => {
                          onResent(issued);
                          toast.success(m.resent, {
                            description:
                              issued.delivery === 'email' && issued.invitation.email
                                ? m.invited(issued.invitation.email)
                                : undefined,
                          });
                        },
                        onError: (caught) => toast.error(refusalMessage(caught, m.resendFailed)),
                      })
                    }
                  >
                    Re-send
                  </Button>
                  <RevokeButton
                    label={`Revoke the invitation for ${target}`}
                    onClick={() => setRevoking(invitation)}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmMutationDialog
        target={revoking}
        onClose={() => setRevoking(null)}
        title="Revoke this invitation?"
        description={
          revoking?.email
            ? `The link sent to ${revoking.email} stops working at once.`
            : 'The link stops working at once: nobody can join with it any more.'
        }
        confirmLabel="Revoke"
        mutation={revoke}
        done={() => m.revoked}
        failed={m.revokeFailed}
        onDone={(invitation) => onRevoked(invitation.id)}
      />
    </section>
  );
}
