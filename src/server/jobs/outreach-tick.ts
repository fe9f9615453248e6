import { outreachKeys } from '../keys';
import { claimSendable } from '../outreach/scheduling/claim';
import { queueDueSteps } from '../outreach/scheduling/queue-steps';
import { reconcileInterrupted } from '../outreach/sending/reconcile';
import { sendMessage } from '../outreach/sending/send';
import { outreachTickQueue } from './definitions';
import type { JobDefinition } from './job';

/**
 * The outreach engine's heartbeat, every minute (every OUTREACH_TICK_SECONDS when shorter): resolve interrupted sends, queue the steps that
 * are due, claim what may go out now (window, daily limit, spacing, one per domain), send it.
 * Safe to run on several workers at once: every state change is a conditional update.
 */
export const outreachTickJob: JobDefinition<Record<string, never>> = {
  ...outreachTickQueue,
  cron: () => '* * * * *',
  everySeconds: (config) => (config.OUTREACH_TICK_SECONDS < 60 ? config.OUTREACH_TICK_SECONDS : undefined),
  async handle(_payload, { db, config, appSecret }) {
    const keys = outreachKeys(appSecret);
    const now = new Date();
    const reconciled = await reconcileInterrupted(db, keys, config, now);
    const queued = await queueDueSteps(db, now);
    // Claimed at the moment of the claim, not of the tick's start: queueing a large batch can take
    // longer than the sending lease, and a claim dated back by it looks interrupted to another
    // worker's reconciler, which then queues the message again while it is being sent
    // (docs/decisions/048-several-processes.md).
    const claimed = await claimSendable(db, new Date(), Math.random, config.OUTREACH_HOUR_MS);
    const outcomes = await Promise.all(
      claimed.map((id) => sendMessage(db, { keys, config }, id, new Date())),
    );
    return { reconciled, queued, sent: outcomes.filter((o) => o === 'sent').length, claimed: claimed.length };
  },
};
