import { PlacementsPage } from '#web/features/placements/components/placements-page';

/** Route module (lazy chunk) of the placement ledger. */
export function Component() {
  return <PlacementsPage />;
}
