import { campaignMessages } from '../../../shared/schemas/campaigns';
import type { FindProspectsResult } from '../../../shared/schemas/campaigns';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';

/**
 * Starts prospect discovery for a campaign the caller has already checked belongs to the user
 * (spec §7 find-prospects). This is the one place the discovery engine (issue 5) plugs in.
 * @throws AppError CONFLICT (409) until the engine lands: discovery is not available yet.
 */
export async function startProspectDiscovery(
  _db: Database,
  _campaignId: string,
): Promise<FindProspectsResult> {
  throw new AppError('CONFLICT', campaignMessages.findProspectsUnavailable);
}
