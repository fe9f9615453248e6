import type { CampaignStatus } from '#shared/schemas/campaigns';
import { Badge } from '#web/components/ui/badge';

/** A campaign's status: active in the success colour, anything else in the warning colour (docs/product.md#dashboard). */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <Badge tone={status === 'active' ? 'success' : 'warning'}>{status}</Badge>;
}
