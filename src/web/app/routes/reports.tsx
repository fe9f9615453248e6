import { useMe } from '#web/data/session-queries';
import { ReportsPage } from '#web/features/reports/components/reports-page';

/**
 * Route module (lazy chunk) of the reports screen: the team's, or for a member with the Client role
 * their own client's report, read only (docs/decisions/040-client-role.md).
 */
export function Component() {
  // The dashboard guard has loaded the session already; this reads it from the cache.
  const me = useMe().data;
  const client = me?.role === 'client' ? me.workspace.client : null;
  return <ReportsPage ownClient={client ?? undefined} />;
}
