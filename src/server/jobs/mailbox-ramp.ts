import { raiseRampLimits } from '../outreach/health/ramp';
import { mailboxRampQueue } from './definitions';
import type { JobDefinition } from './job';

/**
 * Once a day (00:10 UTC), raises the warm-up limit of every new mailbox whose last day had no
 * trouble by MAILBOX_RAMP_STEP, until it reaches its daily limit (outreach/health/ramp.ts).
 */
export const mailboxRampJob: JobDefinition<Record<string, never>> = {
  ...mailboxRampQueue,
  cron: () => '10 0 * * *',
  async handle(_payload, { db, config }) {
    const raised = await raiseRampLimits(db, new Date(), config.MAILBOX_RAMP_STEP);
    return { raised: raised.length };
  },
};
