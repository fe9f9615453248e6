import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../db/client';
import { inboxThreads } from '../../db/schema/inbox';
import { liveLinks } from '../../db/schema/live-links';
import { notifications } from '../../db/schema/notifications';
import { outreachMessages } from '../../db/schema/outreach';
import { workspaces } from '../../db/schema/workspaces';
import { liveLinkCheckQueue } from '../../jobs/definitions';
import { inboxRemindersJob } from '../../jobs/inbox-reminders';
import { liveLinkScheduleJob } from '../../jobs/live-link-schedule';
import { outreachTickJob } from '../../jobs/outreach-tick';
import { SCHEDULE_PERIOD_MS } from '../../monitoring/schedule';
import { testConfig } from '../app';
import { insertCampaign } from '../campaigns';
import { createTestDatabase, createTestQueue } from '../database';
import { createOutreachFixture, TEST_APP_SECRET, type OutreachFixture } from '../outreach';
import { insertTestUser } from '../users';

/**
 * The clock jumping forward (docs/decisions/042-fault-suite.md): the process's clock (Date, faked
 * here; sockets and the database keep real time) leaps days ahead, as after a suspended VM resumes
 * or NTP corrects a drifted host. The jobs' own handlers then run on the new time: everything that
 * became due runs once, and sends keep the mailbox's daily limit and spacing instead of bursting.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
const config = testConfig({ APP_URL: 'https://app.example' });
const deps = (db: DatabaseHandle['db']) => ({ db, config, appSecret: TEST_APP_SECRET });

let fixture: OutreachFixture | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await fixture?.close();
  fixture = undefined;
  for (const close of closers.splice(0)) await close();
});

/** Runs the outreach tick (and the reminders job) every `everyMs` for `forMs`, on the faked clock from `from`. */
async function tickFor(db: DatabaseHandle['db'], from: number, forMs: number, everyMs: number) {
  for (let at = from; at < from + forMs; at += everyMs) {
    vi.setSystemTime(at);
    await outreachTickJob.handle({}, deps(db));
  }
}

describe('the clock jumps forward', () => {
  it('scheduled sends and follow-ups that became due go out once each, within the daily limit and spacing; a due reminder fires once', async () => {
    const handle = await createTestDatabase();
    closers.push(() => handle.close());
    const db = handle.db;
    const t0 = Date.now();
    const people = ['a@one.example', 'b@two.example', 'c@three.example', 'd@four.example'];
    fixture = await createOutreachFixture(db, {
      prospects: people.map((email) => ({ website: `https://${email.split('@')[1]}`, email, name: 'Ann' })),
      // Step 2 follows 48 hours after step 1.
      steps: [
        { subject: 'Idea', content: 'Hi [First Name]', delayHours: 48 },
        { subject: 'Following up', content: 'Any thoughts?', delayHours: null },
      ],
      dailyLimit: 3,
      start: new Date(t0),
    });
    await db
      .update(workspaces)
      .set({ sendWindowDays: [1, 2, 3, 4, 5, 6, 7], sendWindowStartHour: 0, sendWindowEndHour: 24 })
      .where(eq(workspaces.id, fixture.workspaceId));
    // The first prospect's conversation has a reminder due in two days.
    await db.insert(inboxThreads).values({
      workspaceId: fixture.workspaceId,
      prospectId: fixture.prospectIds[0]!,
      lastMessageAt: new Date(t0),
      lastInboundAt: new Date(t0),
      remindAt: new Date(t0 + 2 * DAY),
    });

    vi.useFakeTimers({ toFake: ['Date'] });
    // The first 40 minutes, ticking every two minutes: step 1 to the first prospects.
    await tickFor(db, t0, 40 * MINUTE, 2 * MINUTE);
    const beforeJump = fixture.smtp.messages.length;
    expect(beforeJump).toBeGreaterThan(0);

    // The clock leaps five days ahead. Step 1 of the rest and step 2 of the first are all due at once.
    const jumped = t0 + 5 * DAY;
    vi.setSystemTime(jumped);
    expect(await inboxRemindersJob.handle({}, deps(db))).toEqual({ reminded: 1 });
    await outreachTickJob.handle({}, deps(db));
    // One message per mailbox per tick: no burst.
    expect(fixture.smtp.messages.length - beforeJump).toBeLessThanOrEqual(1);
    await tickFor(db, jumped + MINUTE, 60 * MINUTE, MINUTE);
    vi.setSystemTime(jumped + 61 * MINUTE);
    expect(await inboxRemindersJob.handle({}, deps(db))).toEqual({ reminded: 0 });

    // The next days, an hour of ticks each, until every step went out.
    await tickFor(db, t0 + 6 * DAY, 60 * MINUTE, MINUTE);
    await tickFor(db, t0 + 7 * DAY + 60 * MINUTE, 60 * MINUTE, MINUTE);
    vi.useRealTimers();

    // Every prospect got each step exactly once, with its own Message-ID.
    const toProspects = fixture.smtp.messages.filter((m) => m.to.some((to) => people.includes(to)));
    expect(toProspects).toHaveLength(people.length * 2);
    expect(new Set(toProspects.map((m) => m.parsed.messageId)).size).toBe(people.length * 2);
    for (const email of people) expect(toProspects.filter((m) => m.to.includes(email))).toHaveLength(2);
    const rows = await db.select().from(outreachMessages);
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(people.length * 2);

    // Never more than the daily limit on one (UTC) day, never closer than the minimum spacing (120 s).
    const sentAt = rows.map((r) => r.sentAt!.getTime()).sort((a, b) => a - b);
    const perDay = new Map<string, number>();
    for (const at of sentAt) {
      const day = new Date(at).toISOString().slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    expect(Math.max(...perDay.values())).toBeLessThanOrEqual(3);
    for (let i = 1; i < sentAt.length; i++)
      expect(sentAt[i]! - sentAt[i - 1]!).toBeGreaterThanOrEqual(120_000);
    const reminders = await db.select().from(notifications).where(eq(notifications.kind, 'inbox-reminder'));
    expect(reminders).toHaveLength(1);
  }, 120_000);

  it('link checks that became due are queued once each, spread over the scheduler period', async () => {
    const queue = await createTestQueue();
    closers.push(() => queue.close());
    const db = queue.handle.db;
    await queue.boss.createQueue(liveLinkCheckQueue.name);
    const t0 = Date.now();
    const user = await insertTestUser(db, { name: 'Ada', email: 'ada@clock.test' });
    const campaign = await insertCampaign(db, user, { websiteUrl: 'https://shop.test' });
    // Five links checked daily, each next due within the coming day.
    await db.insert(liveLinks).values(
      [1, 2, 3, 4, 5].map((i) => ({
        workspaceId: user.workspaceId,
        campaignId: campaign.id,
        url: 'https://shop.test/tools',
        anchorText: 'tools',
        pageUrl: `http://blog${i}.test/post`,
        nextCheckAt: new Date(t0 + i * 3 * 3_600_000),
      })),
    );
    const schedule = () => liveLinkScheduleJob.handle({}, { ...deps(db), queue: queue.boss });

    vi.useFakeTimers({ toFake: ['Date'] });
    // Before the jump none is due; five days later all are, once: the next ticks queue nothing more.
    vi.setSystemTime(t0);
    expect(await schedule()).toEqual({ queued: 0 });
    vi.setSystemTime(t0 + 5 * DAY);
    expect(await schedule()).toEqual({ queued: 5 });
    for (const later of [10, 20, 30]) {
      vi.setSystemTime(t0 + 5 * DAY + later * MINUTE);
      expect(await schedule()).toEqual({ queued: 0 });
    }
    vi.useRealTimers();

    const jobs = await queryRows<{ link: string; start_after: string; created_on: string }>(
      db,
      sql`select data->>'liveLinkId' as link, start_after, created_on from pgboss.job where name = ${liveLinkCheckQueue.name}`,
    );
    expect(new Set(jobs.map((j) => j.link)).size).toBe(5);
    expect(jobs).toHaveLength(5);
    // Spread over the scheduler's period instead of all at once.
    const delays = jobs.map((j) => new Date(j.start_after).getTime() - new Date(j.created_on).getTime());
    expect(Math.max(...delays)).toBeGreaterThanOrEqual(SCHEDULE_PERIOD_MS / 2);
  }, 60_000);
});
