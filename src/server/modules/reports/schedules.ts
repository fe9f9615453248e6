import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  reportMessages as m,
  type Schedule,
  type SchedulePage,
  type createScheduleSchema,
  type reportListQuerySchema,
} from '#shared/schemas/reports';
import type { Actor } from '../../auth/workspaces';
import type { Database } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { clients } from '../../db/schema/clients';
import { reportSchedules, reportSends } from '../../db/schema/reports';
import { countWhere, listPage } from '../../db/list-page';
import { iso, pageOffset } from '../../db/sql-helpers';
import { emit } from '../../events/emit';
import { AppError } from '../../http/errors';
import { resolveReportScope } from '../../reports/build';

const lastSend = sql<
  string | null
>`(select s.period from ${reportSends} s where s.schedule_id = ${reportSchedules.id} and s.sent_at is not null order by s.sent_at desc limit 1)`;
const lastSentAt = sql<Date | null>`(select max(s.sent_at) from ${reportSends} s where s.schedule_id = ${reportSchedules.id})`;

function selectSchedules(db: Database) {
  return db
    .select({
      schedule: reportSchedules,
      clientName: clients.name,
      clientEmails: clients.reportEmails,
      campaignName: campaigns.name,
      lastSentPeriod: lastSend,
      lastSentAt,
    })
    .from(reportSchedules)
    .leftJoin(campaigns, eq(campaigns.id, reportSchedules.campaignId))
    .leftJoin(clients, eq(clients.id, sql`coalesce(${reportSchedules.clientId}, ${campaigns.clientId})`));
}

function toSchedule(r: Awaited<ReturnType<ReturnType<typeof selectSchedules>['where']>>[number]): Schedule {
  const s = r.schedule;
  return {
    id: s.id,
    clientId: s.clientId,
    campaignId: s.campaignId,
    scopeName: (s.clientId ? r.clientName : r.campaignName) ?? '',
    frequency: s.frequency,
    hideMoney: s.hideMoney,
    recipients: r.clientEmails ?? [],
    lastSentPeriod: r.lastSentPeriod,
    lastSentAt: r.lastSentAt ? iso(new Date(r.lastSentAt)) : null,
    createdAt: iso(s.createdAt),
  };
}

/**
 * Schedules a client's or campaign's report (announced as `report.scheduled`); it goes to the
 * client's report addresses. @throws AppError NOT_FOUND for another workspace's client or campaign.
 */
export async function createSchedule(
  db: Database,
  actor: Actor,
  input: z.output<typeof createScheduleSchema>,
): Promise<Schedule> {
  const scope = await resolveReportScope(db, actor.workspaceId, input);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reportSchedules)
      .values({
        workspaceId: actor.workspaceId,
        clientId: scope.kind === 'client' ? scope.id : null,
        campaignId: scope.kind === 'campaign' ? scope.id : null,
        frequency: input.frequency,
        hideMoney: input.hideMoney,
        createdBy: actor.userId,
      })
      .returning();
    await emit(tx, {
      type: 'report.scheduled',
      workspaceId: actor.workspaceId,
      actor,
      payload: { scheduleId: row!.id, scopeName: scope.name, frequency: input.frequency },
    });
    return row!.id;
  });
  const [row] = await selectSchedules(db).where(eq(reportSchedules.id, id));
  return toSchedule(row!);
}

/** One page of the workspace's report schedules, newest first, with the period last sent. */
export async function listSchedules(
  db: Database,
  workspaceId: string,
  query: z.output<typeof reportListQuerySchema>,
): Promise<SchedulePage> {
  const where = eq(reportSchedules.workspaceId, workspaceId);
  return listPage(
    selectSchedules(db)
      .where(where)
      .orderBy(desc(reportSchedules.createdAt), desc(reportSchedules.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    countWhere(db, reportSchedules, where),
    query,
    toSchedule,
  );
}

/** Deletes one of the workspace's schedules (announced as `report.unscheduled`). @throws AppError NOT_FOUND. */
export async function deleteSchedule(db: Database, actor: Actor, id: string): Promise<void> {
  const [row] = await selectSchedules(db).where(
    and(eq(reportSchedules.id, id), eq(reportSchedules.workspaceId, actor.workspaceId)),
  );
  if (!row) throw AppError.notFound(m.scheduleNotFound);
  await db.transaction(async (tx) => {
    await tx.delete(reportSchedules).where(eq(reportSchedules.id, id));
    await emit(tx, {
      type: 'report.unscheduled',
      workspaceId: actor.workspaceId,
      actor,
      payload: { scheduleId: id, scopeName: toSchedule(row).scopeName, frequency: row.schedule.frequency },
    });
  });
}
