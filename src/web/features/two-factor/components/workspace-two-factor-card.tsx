import { toast } from 'sonner';
import type { Me } from '#shared/schemas/auth';
import { twoFactorMessages } from '#shared/schemas/two-factor';
import { Card, CardContent } from '#web/components/ui/card';
import { Checkbox } from '#web/components/ui/checkbox';
import { ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { refusalMessage } from '#web/lib/form-errors';
import { useSetTwoFactorPolicy, useTwoFactorPolicy } from '../api/two-factor-api';

/**
 * Settings → Security, for the workspace: whether every member must use two-factor sign-in. A Full
 * Access member with 2FA of their own may switch it; everyone sees the setting and how many members
 * have not set it up. API keys are not affected (docs/security.md).
 */
export function WorkspaceTwoFactorCard({ user }: { user: Me }) {
  const policy = useTwoFactorPolicy();
  const save = useSetTwoFactorPolicy();
  const canChange = user.role === 'full';
  const onToggle = (requireTwoFactor: boolean) =>
    save.mutate(requireTwoFactor, {
      onSuccess: () => toast.success(twoFactorMessages.policySaved),
      onError: (caught) => toast.error(refusalMessage(caught, 'Failed to save workspace security')),
    });
  return (
    <Card className="max-w-2xl">
      <CardContent>
        <h2 className="text-lg font-semibold">Workspace security</h2>
        {policy.isPending ? (
          <TableSkeleton rows={1} />
        ) : policy.isError ? (
          <ErrorState message="Failed to load workspace security" onRetry={() => policy.refetch()} />
        ) : (
          <div className="mt-3 space-y-2 text-sm">
            <Checkbox
              label={`Require two-factor sign-in for everyone in ${user.workspace.name}`}
              hint="Members without it are asked to set it up and can do nothing else until they have. API keys keep working."
              checked={policy.data.requireTwoFactor}
              disabled={!canChange || save.isPending}
              onChange={(event) => onToggle(event.target.checked)}
            />
            <p className="text-slate-500 dark:text-slate-400">
              {policy.data.membersWithoutTwoFactor === 0
                ? 'Every member has two-factor sign-in.'
                : `${policy.data.membersWithoutTwoFactor} member(s) have not set up two-factor sign-in.`}
              {!canChange && ' Only members with Full Access change this.'}
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
