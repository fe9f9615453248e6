import { CampaignsPage } from '../../features/campaigns/components/campaigns-page';

/** Route module (lazy chunk) of the campaigns screen. */
export function Component() {
  return <CampaignsPage />;
}
