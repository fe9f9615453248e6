import { notifyDueReminders } from '../inbox/reminders';
import { inboxRemindersQueue } from './definitions';
import type { JobDefinition } from './job';

/**
 * Every minute (every OUTREACH_TICK_SECONDS when shorter, like the outreach engine), notifies the
 * inbox reminders that are due (inbox/reminders.ts).
 */
export const inboxRemindersJob: JobDefinition<Record<string, never>> = {
  ...inboxRemindersQueue,
  cron: () => '* * * * *',
  everySeconds: (config) => (config.OUTREACH_TICK_SECONDS < 60 ? config.OUTREACH_TICK_SECONDS : undefined),
  async handle(_payload, { db }) {
    return { reminded: await notifyDueReminders(db, new Date()) };
  },
};
