import { checkLiveLink, linkCheckCrawler } from '../monitoring/check';
import { liveLinkCheckQueue } from './definitions';
import type { JobDefinition } from './job';

/**
 * Checks one live link (`{liveLinkId}`; docs/decisions/012-link-monitoring.md): sent when a link is added and by the
 * scheduler. All checks of a worker share one crawler, so per-host politeness holds across the
 * checks it runs side by side; the senders group them by the link's owner for fairness.
 */
export const liveLinkCheckJob: JobDefinition<{ liveLinkId: string }> = {
  ...liveLinkCheckQueue,
  concurrency: 4,
  async handle({ liveLinkId }, { db, config }) {
    const result = await checkLiveLink({ db, config, crawler: linkCheckCrawler(config) }, liveLinkId);
    return result ? { status: result.outcome.status, reasons: result.outcome.reasons } : { deleted: true };
  },
};
