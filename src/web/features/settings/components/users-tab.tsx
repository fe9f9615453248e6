import { useState } from 'react';
import { toast } from 'sonner';
import type { Me, TeamRole } from '#shared/schemas/auth';
import { roleLabels, settingsMessages as m, type TeamUser } from '#shared/schemas/settings';
import { ConfirmMutationDialog } from '#web/components/confirm-mutation-dialog';
import { Card } from '#web/components/ui/card';
import { DeleteButton } from '#web/components/ui/delete-button';
import { ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { Select } from '#web/components/ui/select';
import { Table, Td, Th } from '#web/components/ui/table';
import { formatDate } from '#web/lib/format';
import { refusalMessage } from '#web/lib/form-errors';
import { useTeamUsers } from '#web/data/team-queries';
import { useChangeRole, useRemoveMember } from '../api/settings-queries';
import { InviteMemberCard } from './invite-member-card';

/** The team's roles: the Client role is given by an invitation for a client, never picked here. */
const teamRoles: TeamRole[] = ['member', 'full'];
const roleOptions = teamRoles.map((r) => ({ value: r, label: roleLabels[r] }));

/**
 * Users tab (docs/product.md#settings): the workspace's members with name, email, role selector,
 * joined date and Remove. Only Full Access members change roles and remove members (the selector
 * is disabled on one's own row); the server enforces the rules and says why when it refuses.
 * Full Access members also invite people (InviteMemberCard, above the list).
 */
export function UsersTab({ user }: { user: Me }) {
  const users = useTeamUsers();
  const change = useChangeRole();
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<TeamUser | null>(null);
  const manages = user.role === 'full';
  return (
    <div className="space-y-6">
      {manages && <InviteMemberCard workspaceName={user.workspace.name} />}
      <Card className="overflow-hidden">
        <p className="px-6 pt-5 text-sm text-slate-600 dark:text-slate-400">
          Members of <span className="font-medium text-slate-900 dark:text-white">{user.workspace.name}</span>
          .{!manages && ' Only members with Full Access change roles and remove members.'}
        </p>
        {users.isPending ? (
          <TableSkeleton rows={3} />
        ) : users.isError ? (
          <ErrorState message={m.loadUsersFailed} onRetry={() => users.refetch()} />
        ) : (
          <Table>
            <thead>
              <tr>
                <Th>Name</Th>
                <Th>Email</Th>
                <Th>Role</Th>
                <Th>Joined</Th>
                {manages && (
                  <Th>
                    <span className="sr-only">Remove</span>
                  </Th>
                )}
              </tr>
            </thead>
            <tbody>
              {users.data.map((u) => (
                <tr key={u.id}>
                  <Td className="font-medium">
                    {u.name}
                    {u.id === user.id && <span className="ml-2 text-xs text-slate-500">(you)</span>}
                  </Td>
                  <Td>{u.email}</Td>
                  <Td>
                    {u.role === 'client' ? (
                      // A client's person: their kind and client, not a team role to change
                      // (docs/decisions/040-client-role.md).
                      <span className="text-sm">
                        {roleLabels.client}
                        {u.client && (
                          <span className="text-slate-500 dark:text-slate-400"> · {u.client.name}</span>
                        )}
                      </span>
                    ) : (
                      <Select
                        aria-label={`Role of ${u.name}`}
                        className="w-40"
                        value={u.role}
                        options={roleOptions}
                        disabled={
                          !manages || u.id === user.id || (change.isPending && change.variables?.id === u.id)
                        }
                        onValueChange={(role) =>
                          change.mutate(
                            { id: u.id, role: role as TeamRole },
                            {
                              onSuccess: () =>
                                toast.success(`${u.name} now has ${roleLabels[role as TeamRole]}`),
                              onError: (e) => toast.error(refusalMessage(e, m.roleFailed)),
                            },
                          )
                        }
                      />
                    )}
                  </Td>
                  <Td className="whitespace-nowrap">{formatDate(u.joinedAt)}</Td>
                  {manages && (
                    <Td className="w-12">
                      {u.id !== user.id && (
                        <DeleteButton label={`Remove ${u.name}`} onClick={() => setRemoving(u)} />
                      )}
                    </Td>
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <ConfirmMutationDialog
          target={removing}
          onClose={() => setRemoving(null)}
          title={`Remove ${removing?.name ?? 'this member'}?`}
          description={`${removing?.name ?? 'They'} will lose access to ${user.workspace.name} at once. The campaigns and mailboxes they added stay with the workspace.`}
          confirmLabel="Remove"
          mutation={remove}
          done={(member) => m.memberRemoved(member.name)}
          failed={m.removeFailed}
        />
      </Card>
    </div>
  );
}
