import { runCampaignDiscovery } from '../discovery/campaign-discovery';
import { findProspectsQueue } from './definitions';
import type { JobDefinition } from './job';

/**
 * Runs prospect discovery for one campaign's queued run (`{runId}`, a discovery_runs row made by
 * startFindProspects). Failures are recorded on the run, not thrown, so pg-boss does not retry
 * a search that failed for a reason a retry cannot fix. Runs of different campaigns go side by
 * side, one per user at a time when sent with the user as its group; one campaign never has two
 * runs, as startFindProspects refuses a second while one is queued or running.
 */
export const findProspectsJob: JobDefinition<{ runId: string }> = {
  ...findProspectsQueue,
  concurrency: 2,
  handle: ({ runId }, deps) => runCampaignDiscovery(runId, deps),
};
