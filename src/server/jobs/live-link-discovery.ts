import { eq } from 'drizzle-orm';
import { prospects } from '../db/schema/prospects';
import { linkCheckCrawler } from '../monitoring/check';
import { findLinksOnProspectSite } from '../monitoring/found-links';
import { liveLinkCheckQueue, liveLinkDiscoveryQueue, sendJob } from './definitions';
import type { JobDefinition } from './job';

/**
 * Looks for the link a prospect gave once it is marked Success (`{prospectId}`; docs/decisions/012-link-monitoring.md):
 * crawls its site, records links to the campaign's site as live links, and queues their first
 * checks (without the queue, the schedule checks them within ten minutes), grouped by the prospect's
 * owner like the discovery itself.
 */
export const liveLinkDiscoveryJob: JobDefinition<{ prospectId: string }> = {
  ...liveLinkDiscoveryQueue,
  concurrency: 2,
  async handle({ prospectId }, { db, config, queue }) {
    const found = await findLinksOnProspectSite({ db, crawler: linkCheckCrawler(config) }, prospectId);
    if (!found.length) return { found: 0 };
    const [owner] = await db
      .select({ workspaceId: prospects.workspaceId })
      .from(prospects)
      .where(eq(prospects.id, prospectId));
    const group = owner ? { group: { id: owner.workspaceId } } : {};
    if (queue)
      for (const liveLinkId of found)
        await sendJob(
          queue,
          liveLinkCheckQueue,
          { liveLinkId, queuedAt: new Date().toISOString() },
          { singletonKey: liveLinkId, retryLimit: 1, ...group },
        );
    return { found: found.length };
  },
};
