import { eq, sql } from 'drizzle-orm';
import type { ReportFrequency } from '#shared/schemas/reports';
import type { AlertMail } from '../alert-mail';
import type { Database } from '../db/client';
import { campaigns } from '../db/schema/campaigns';
import { clients } from '../db/schema/clients';
import { reportSchedules, reportSends } from '../db/schema/reports';
import { emit } from '../events/emit';
import { buildReport } from './build';
import { reportFileName } from './csv';
import { reportLogoPng, type OpenUpload } from './logo';
import { reportPdf } from './pdf';

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The last full period before `now` (UTC): the ISO week (Monday–Sunday) before this one, labelled
 * `2026-W47`, or the calendar month before this one, labelled `2026-10`.
 */
export function lastFullPeriod(
  frequency: ReportFrequency,
  now: Date,
): { period: string; from: string; to: string } {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (frequency === 'monthly') {
    const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
    const to = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0));
    return { period: day(from).slice(0, 7), from: day(from), to: day(to) };
  }
  const weekday = (today.getUTCDay() + 6) % 7; // Monday 0
  const from = new Date(today.getTime() - (weekday + 7) * 86_400_000);
  const to = new Date(from.getTime() + 6 * 86_400_000);
  // The ISO week number of `from`: the week holding its Thursday.
  const thursday = new Date(from.getTime() + 3 * 86_400_000);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - yearStart) / 86_400_000 / 7) + 1;
  return {
    period: `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`,
    from: day(from),
    to: day(to),
  };
}

/** What one run of the schedules did, for the job's log and the tests. */
export interface ScheduleRun {
  sent: { scheduleId: string; period: string; recipients: string[] }[];
  failed: { scheduleId: string; period: string; error: string }[];
}

/**
 * Emails every schedule's report of its last full period (lastFullPeriod) as a PDF attachment to the
 * client's report addresses, once per period: the period is claimed first (a `report_sends` row,
 * unique per schedule and period, committed before the mail goes), so a crash or a retried job never
 * sends it twice — at most once. When the SMTP server refuses the mail, the claim is removed and the
 * next run tries again (nothing was sent). A schedule without addresses waits for them.
 * Each sent report is announced as `report.sent`. The PDF's logo is read through `openUpload`.
 */
export async function sendDueReports(
  db: Database,
  mail: (mail: AlertMail) => Promise<void>,
  now = new Date(),
  openUpload: OpenUpload = async () => null,
): Promise<ScheduleRun> {
  const run: ScheduleRun = { sent: [], failed: [] };
  const schedules = await db
    .select({ schedule: reportSchedules, clientEmails: clients.reportEmails })
    .from(reportSchedules)
    .leftJoin(campaigns, eq(campaigns.id, reportSchedules.campaignId))
    .leftJoin(clients, eq(clients.id, sql`coalesce(${reportSchedules.clientId}, ${campaigns.clientId})`));
  for (const row of schedules) {
    const { schedule } = row;
    const recipients = row.clientEmails ?? [];
    if (recipients.length === 0) continue;
    const { period, from, to } = lastFullPeriod(schedule.frequency, now);
    const [claim] = await db
      .insert(reportSends)
      .values({ scheduleId: schedule.id, period, recipients })
      .onConflictDoNothing()
      .returning({ id: reportSends.id });
    if (!claim) continue;
    let report;
    try {
      report = await buildReport(db, schedule.workspaceId, {
        ...(schedule.clientId ? { clientId: schedule.clientId } : { campaignId: schedule.campaignId! }),
        from,
        to,
        hideMoney: schedule.hideMoney,
      });
      const pdf = await reportPdf(report, await reportLogoPng(report, openUpload));
      const { branding } = report;
      const sender = branding.agencyName || (branding.hideLinkPilot ? 'Reports' : 'LinkPilot');
      await mail({
        to: recipients.join(', '),
        subject: `Link report: ${report.scope.name}, ${from} to ${to}`,
        text: `Hello,\n\nattached is the link report of ${report.scope.name} for ${from} to ${to}: ${report.links.length} links.\n\n${
          branding.footer || sender
        }\n`,
        fromName: branding.hideLinkPilot || branding.agencyName ? sender : undefined,
        attachments: [
          { filename: reportFileName(report, 'pdf'), content: pdf, contentType: 'application/pdf' },
        ],
      });
    } catch (error) {
      // Refused before it was sent: give the period back so the next run tries again.
      await db.delete(reportSends).where(eq(reportSends.id, claim.id));
      run.failed.push({ scheduleId: schedule.id, period, error: (error as Error).message });
      continue;
    }
    const scopeName = report.scope.name;
    await db.transaction(async (tx) => {
      await tx.update(reportSends).set({ sentAt: new Date() }).where(eq(reportSends.id, claim.id));
      await emit(tx, {
        type: 'report.sent',
        workspaceId: schedule.workspaceId,
        payload: { scheduleId: schedule.id, scopeName, frequency: schedule.frequency, period, recipients },
      });
    });
    run.sent.push({ scheduleId: schedule.id, period, recipients });
  }
  return run;
}
