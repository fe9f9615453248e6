import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { prospects } from '../db/schema/campaigns';
import { linkCheckCrawler } from '../modules/live-links/check';
import { findLinksOnProspectSite } from '../modules/live-links/found-links';
import type { JobDefinition } from './job';
import { liveLinkCheckJob } from './live-link-check';

/**
 * Looks for the link a prospect gave once it is marked Success (`{prospectId}`; issue 8 §4):
 * crawls its site, records links to the campaign's site as live links, and queues their first
 * checks (without the queue, the schedule checks them within ten minutes), grouped by the prospect's
 * owner like the discovery itself.
 */
export const liveLinkDiscoveryJob: JobDefinition<{ prospectId: string }> = {
  name: 'live-link-discovery',
  payload: z.strictObject({ prospectId: z.uuid() }),
  concurrency: 2,
  async handle({ prospectId }, { db, config, queue }) {
    const found = await findLinksOnProspectSite({ db, crawler: linkCheckCrawler(config) }, prospectId);
    if (!found.length) return { found: 0 };
    const [owner] = await db
      .select({ userId: prospects.userId })
      .from(prospects)
      .where(eq(prospects.id, prospectId));
    const group = owner ? { group: { id: owner.userId } } : {};
    for (const liveLinkId of found) {
      await queue?.send(
        liveLinkCheckJob.name,
        { liveLinkId },
        { singletonKey: liveLinkId, retryLimit: 1, ...group },
      );
    }
    return { found: found.length };
  },
};
