import type { WebhookDeliveryStatus } from '#shared/schemas/webhook-events';
import type { WebhookEndpoint } from '#shared/schemas/webhooks';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import { formatDateTime } from '#web/lib/format';

/** An endpoint's status: Active, Failing since …, or Disabled. */
export function EndpointStatusBadge({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (endpoint.status === 'disabled') return <Badge tone="neutral">Disabled</Badge>;
  if (endpoint.status === 'failing' && endpoint.failingSince)
    return (
      <Badge tone="warning" className="normal-case">
        Failing since {formatDateTime(endpoint.failingSince)}
      </Badge>
    );
  return <Badge tone="success">Active</Badge>;
}

const deliveryLabels: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};
const deliveryTones: Record<WebhookDeliveryStatus, BadgeTone> = {
  pending: 'info',
  delivered: 'success',
  failed: 'danger',
};

/** A delivery's status: Pending (retrying, or sending now), Delivered or Failed. */
export function DeliveryStatusBadge({
  status,
  sending,
}: {
  status: WebhookDeliveryStatus;
  sending?: boolean;
}) {
  return <Badge tone={deliveryTones[status]}>{sending ? 'Sending…' : deliveryLabels[status]}</Badge>;
}
