import { z } from 'zod';
import { linkCheckCrawler } from '../modules/live-links/check';
import { findLinksOnProspectSite } from '../modules/live-links/found-links';
import type { JobDefinition } from './job';
import { liveLinkCheckJob } from './live-link-check';

/**
 * Looks for the link a prospect gave once it is marked Success (`{prospectId}`; issue 8 §4):
 * crawls its site, records links to the campaign's site as live links, and queues their first
 * checks (without the queue, the schedule checks them within ten minutes).
 */
export const liveLinkDiscoveryJob: JobDefinition<{ prospectId: string }> = {
  name: 'live-link-discovery',
  payload: z.strictObject({ prospectId: z.uuid() }),
  async handle({ prospectId }, { db, config, queue }) {
    const found = await findLinksOnProspectSite({ db, crawler: linkCheckCrawler(config) }, prospectId);
    for (const liveLinkId of found) {
      await queue?.send(liveLinkCheckJob.name, { liveLinkId }, { singletonKey: liveLinkId, retryLimit: 1 });
    }
    return { found: found.length };
  },
};
