import { appMailer } from '../alert-mail';
import { configuredImageStorage } from '../storage/configured-image-storage';
import { sendDueReports } from '../reports/send';
import { reportSchedulesQueue } from './definitions';
import type { JobDefinition } from './job';
import { processLogger } from '../observability/log';

/**
 * Emails the scheduled client reports whose last full week or month was not sent yet, each period
 * once (docs/decisions/039-client-reports.md), through the app's own SMTP (SMTP_*); without SMTP it
 * does nothing. Hourly, or every OUTREACH_TICK_SECONDS on test installs.
 */
export const reportSchedulesJob: JobDefinition<Record<string, never>> = {
  ...reportSchedulesQueue,
  cron: () => '17 * * * *',
  everySeconds: (config) => (config.OUTREACH_TICK_SECONDS < 60 ? config.OUTREACH_TICK_SECONDS : undefined),
  async handle(_payload, { db, config }) {
    const mail = appMailer(config);
    if (!mail) return { sent: [], failed: [], skipped: 'SMTP_HOST is not set' };
    const storage = configuredImageStorage(config);
    const run = await sendDueReports(db, mail, new Date(), (name) => storage.open(name));
    for (const failure of run.failed)
      processLogger().error(
        { scheduleId: failure.scheduleId, period: failure.period, reason: failure.error },
        'scheduled report not sent',
      );
    return run;
  },
};
