import { toast } from 'sonner';
import type { Me, Role } from '../../../../shared/schemas/auth';
import { roleLabels, settingsMessages as m } from '../../../../shared/schemas/settings';
import { Card } from '../../../components/ui/card';
import { ErrorState, TableSkeleton } from '../../../components/ui/page-states';
import { Select } from '../../../components/ui/select';
import { Table, Td, Th } from '../../../components/ui/table';
import { formatDate } from '../../../lib/format';
import { useChangeRole, useTeamUsers } from '../api/settings-queries';
import { refusalMessage } from '../../../lib/form-errors';

const roleOptions = (Object.keys(roleLabels) as Role[]).map((r) => ({ value: r, label: roleLabels[r] }));

/**
 * Users tab (docs/product.md#settings): name, email, role selector and joined date; the selector is disabled on the
 * user's own row. The server decides who may change roles and says why when it refuses.
 */
export function UsersTab({ user }: { user: Me }) {
  const users = useTeamUsers();
  const change = useChangeRole();
  return (
    <Card className="overflow-hidden">
      {user.role !== 'full' && (
        <p className="px-6 pt-5 text-sm text-slate-600 dark:text-slate-400">
          Only users with Full Access see the whole team and change roles.
        </p>
      )}
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
                  <Select
                    aria-label={`Role of ${u.name}`}
                    className="w-40"
                    value={u.role}
                    options={roleOptions}
                    disabled={u.id === user.id || (change.isPending && change.variables?.id === u.id)}
                    onValueChange={(role) =>
                      change.mutate(
                        { id: u.id, role: role as Role },
                        {
                          onSuccess: () => toast.success(`${u.name} now has ${roleLabels[role as Role]}`),
                          onError: (e) => toast.error(refusalMessage(e, m.roleFailed)),
                        },
                      )
                    }
                  />
                </Td>
                <Td className="whitespace-nowrap">{formatDate(u.createdAt)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
