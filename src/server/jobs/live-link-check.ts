import { checkLiveLink, linkCheckCrawler } from '../monitoring/check';
import { liveLinkCheckQueue } from './definitions';
import type { JobDefinition } from './job';

/**
 * Checks one live link (`{liveLinkId}`; docs/decisions/012-link-monitoring.md): sent when a link is added and by the
 * scheduler. All checks of a worker share one crawler, so per-host politeness holds across the
 * checks it runs side by side; the senders group them by the link's owner for fairness, and say when
 * they queued it, so that a second delivery of a check already stored adds no second check.
 */
export const liveLinkCheckJob: JobDefinition<{ liveLinkId: string; queuedAt?: string | undefined }> = {
  ...liveLinkCheckQueue,
  concurrency: 4,
  async handle({ liveLinkId, queuedAt }, { db, config }) {
    const result = await checkLiveLink({ db, config, crawler: linkCheckCrawler(config) }, liveLinkId, {
      queuedAt: queuedAt ? new Date(queuedAt) : undefined,
    });
    return result ? { status: result.outcome.status, reasons: result.outcome.reasons } : { recorded: false };
  },
};
