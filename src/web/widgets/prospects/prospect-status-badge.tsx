import type { ProspectStatus } from '#shared/schemas/prospects';
import { Badge, type BadgeTone } from '#web/components/ui/badge';

const tones: Record<ProspectStatus, BadgeTone> = {
  pending: 'neutral',
  sent: 'info',
  responded: 'accent',
  success: 'success',
  failed: 'danger',
};

/** A prospect's status (docs/product.md#states: pending, sent, responded, success, failed). */
export function ProspectStatusBadge({ status }: { status: ProspectStatus }) {
  return <Badge tone={tones[status]}>{status}</Badge>;
}
