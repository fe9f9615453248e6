import type { LiveLinkStatus } from '#shared/schemas/live-links';
import { Badge, type BadgeTone } from '#web/components/ui/badge';

const tones: Record<LiveLinkStatus, BadgeTone> = { active: 'success', lost: 'danger', suspicious: 'warning' };

/** A live link's status in its colour: active green, lost red, suspicious amber (docs/decisions/012-link-monitoring.md). */
export function LinkStatusBadge({ status }: { status: LiveLinkStatus }) {
  return <Badge tone={tones[status]}>{status}</Badge>;
}
