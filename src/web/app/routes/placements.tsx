import { useMe } from '#web/data/session-queries';
import { ClientPlacementsPage } from '#web/features/client-portal/components/client-placements-page';
import { PlacementsPage } from '#web/features/placements/components/placements-page';

/**
 * Route module (lazy chunk) of the placement ledger: the team's ledger, or for a member with the
 * Client role their client's placements, read only (docs/decisions/040-client-role.md).
 */
export function Component() {
  // The dashboard guard has loaded the session already; this reads it from the cache.
  const me = useMe().data;
  if (me?.role === 'client') return <ClientPlacementsPage clientName={me.workspace.client?.name ?? null} />;
  return <PlacementsPage />;
}
