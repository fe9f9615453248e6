/**
 * An agency's day, compressed (bench/README.md "An agency's day"): the built app runs as it would
 * for an agency — separate `web` and `worker` processes on the PostgreSQL server of
 * BENCH_DATABASE_URL (an empty database), or without it the single `all` process with its embedded
 * PostgreSQL — with 250,000 prospects in 50 campaigns, 50 mailboxes (Dovecot users on a local IMAP
 * server, a local SMTP server taking their mail) and 20,000 live links on a local synthetic web
 * (bench/synthetic-web.ts behind the fixture web's proxy). Then one day on the outreach clock
 * (OUTREACH_HOUR_MS, docs/decisions/009-outreach-sending.md): every mailbox works through its
 * enrolled prospects and their follow-ups under its daily limit and spacing, replies to one sent
 * message in ten are dropped into the mailboxes' INBOX over IMAP, and every live link is queued for
 * its check at the day's start, as adding them does (docs/decisions/012-link-monitoring.md).
 *
 * Prints, each with its goal (bench/README.md):
 * - IMAP sync lag (stored − delivered, real seconds) p50/p95/max — goal p95 ≤ 60 s;
 * - link checks at the default polite rate (one request per host at a time, CRAWL_HOST_DELAY_MS
 *   apart): checks/s and the time all links took — goal: all checked within the day's budget;
 * - sends on schedule: a message is due once queued and its mailbox's longest spacing after the
 *   mailbox's previous claim has passed; late = claimed more than the engine's jitter (its tick
 *   plus pg-boss's 2 s poll) after that — goal 0 late;
 * - peak RSS (VmHWM) of each app process — goal ≤ 1 GB;
 * - the session check's cost: wrk on /api/me against /api/health, alternately, same run — goal
 *   /api/me ≥ 0.8 × /api/health.
 *
 * Run: npm run bench:agency-day -- --scale 0.1 (after npm run build). Options: --scale (1: the
 * figures above; 0.1 tries it small), --hour-ms (30000: a day lasts 12 minutes). Settings:
 * BENCH_DATABASE_URL, BENCH_PORT (5450; the worker 5451, the synthetic web 5452), BENCH_MAIL_PORT
 * (5500: IMAP; SMTP on the next port), BENCH_WRK_SECONDS (10).
 */
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify, parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/server/db/client';
import { emailAccounts } from '../src/server/db/schema/mailboxes';
import { emailSequences, emailSequenceSteps } from '../src/server/db/schema/sequences';
import { liveLinkCheckQueue, sendJob } from '../src/server/jobs/definitions';
import { createQueue } from '../src/server/jobs/queue';
import { outreachKeys } from '../src/server/keys';
import { spreadChecks } from '../src/server/monitoring/schedule';
import { encryptSecret } from '../src/server/secrets';
import { startFixtureWeb } from '../src/server/testing/fixture-web';
import {
  localServerSettings,
  startImapServer,
  startSmtpServer,
  type MailUser,
} from '../src/server/testing/mail-servers';
import { apiPaths } from '../src/shared/paths';
import { appProcess, memoryMb, signUpBenchUser, type AppProcess } from './app-process';
import { percentile } from './health-sampler';
import { loadProspects } from './load-prospects';
import { syntheticPage } from './synthetic-web';

const { values: options } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    'hour-ms': { type: 'string', default: '60000' },
    'tick-seconds': { type: 'string', default: '5' },
  },
});
const SCALE = Number(options.scale);
const HOUR_MS = Number(options['hour-ms']);
if (!(SCALE > 0 && SCALE <= 1) || !(HOUR_MS >= 1_000))
  throw new Error('--scale must be in (0, 1], --hour-ms ≥ 1000');

const PROSPECTS = Math.round(250_000 * SCALE);
const MAILBOXES = Math.max(2, Math.round(50 * SCALE));
const LINKS = Math.round(20_000 * SCALE);
/** Links per referring host: an agency's links sit mostly on distinct sites, a few on the same one. */
const LINKS_PER_HOST = 4;
const HOSTS = Math.ceil(LINKS / LINKS_PER_HOST);
const CAMPAIGNS = 50;
/** Per mailbox: its daily limit, its spacing (s, on the outreach clock), the prospects enrolled with it. */
const DAILY_LIMIT = 40;
const SPACING_S = { min: 15 * 60, max: 30 * 60 };
const ENROLLED_PER_MAILBOX = 30;
const FOLLOW_UP_HOURS = 4;
const REPLY_EVERY = 10;
const TICK_SECONDS = Number(options['tick-seconds']);
/** pg-boss's default polling interval: how long a queued tick may wait for the worker to fetch it. */
const JOB_POLL_MS = 2_000;
const JITTER_MS = TICK_SECONDS * 1_000 + JOB_POLL_MS;
const DAY_MS = 24 * HOUR_MS;
/** After the day: how long the last replies may still take to be stored before the bench gives up on them. */
const SETTLE_MS = 5 * 60_000;

const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const PORT = Number(process.env.BENCH_PORT ?? 5450);
const MAIL_PORT = Number(process.env.BENCH_MAIL_PORT ?? 5500);
const WRK_SECONDS = Number(process.env.BENCH_WRK_SECONDS ?? 10);
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';

const round = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
/** A PostgreSQL array literal of uuids, one parameter (drizzle would spread a JS array into many). */
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** The backlink's page: a synthetic article with one link to the campaign's site; every 100th page is gone. */
function linkPage(host: string, pathname: string): string | undefined {
  const site = Number(/^site(\d+)\.bench$/.exec(host)?.[1]);
  const page = Number(/^\/p(\d+)$/.exec(pathname)?.[1]);
  if (!Number.isInteger(site) || !Number.isInteger(page)) return undefined;
  const g = page * HOSTS + site;
  if (g >= LINKS || g % 100 === 0) return undefined;
  const backlink = `<p>See <a href="https://site-${1 + (g % CAMPAIGNS)}.example/">anchor ${g}</a>.</p>`;
  return syntheticPage(site, page, HOSTS, LINKS_PER_HOST).replace('</main>', `${backlink}</main>`);
}

/** Requests/s that wrk measured on `url` (10 connections, 2 threads). */
async function wrk(url: string, cookie?: string): Promise<number> {
  const args = ['-t2', '-c10', `-d${WRK_SECONDS}s`, ...(cookie ? ['-H', `Cookie: ${cookie}`] : []), url];
  const { stdout } = await promisify(execFile)('wrk', args);
  if (/Non-2xx/.test(stdout)) throw new Error(`wrk on ${url} got non-2xx answers:\n${stdout}`);
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
}

interface Sent {
  id: string;
  mailboxId: string;
  toEmail: string;
  subject: string;
  messageId: string;
}

async function main(): Promise<void> {
  log(
    `scale ${SCALE}: ${round(PROSPECTS)} prospects, ${MAILBOXES} mailboxes, ${round(LINKS)} live links on ${round(HOSTS)} hosts; ` +
      `one hour = ${HOUR_MS} ms (a day = ${round(DAY_MS / 60_000, 1)} min); load average ${load()}`,
  );
  const users: MailUser[] = Array.from({ length: MAILBOXES }, (_, i) => ({
    user: `box${i}@agency.test`,
    pass: `mailbox-password-${i}`,
  }));
  const [imap, smtp, web] = await Promise.all([
    startImapServer(users, { port: MAIL_PORT, lifetimeSeconds: 4 * 3600 }),
    startSmtpServer(users, { port: MAIL_PORT + 1 }),
    startFixtureWeb((host, pathname) => linkPage(host, pathname), { port: PORT + 2 }),
  ]);
  const env = {
    APP_SECRET: SECRET,
    MAIL_ALLOW_PRIVATE: '127.0.0.1',
    HTTP_PROXY: web.proxyUrl,
    HTTPS_PROXY: web.proxyUrl,
    OUTREACH_HOUR_MS: String(HOUR_MS),
    OUTREACH_TICK_SECONDS: String(TICK_SECONDS),
  };
  const processes: { name: string; app: AppProcess }[] = DATABASE_URL
    ? [
        { name: 'web', app: appProcess(PORT, DATABASE_URL, { role: 'web', env }) },
        { name: 'worker', app: appProcess(PORT + 1, DATABASE_URL, { role: 'worker', env }) },
      ]
    : [{ name: 'all (embedded PostgreSQL)', app: appProcess(PORT, undefined, { role: 'all', env }) }];
  const front = processes[0]!.app;
  let handle: DatabaseHandle | null = null;
  try {
    // The worker starts once the data is in, so the day starts with it.
    await front.start();
    handle = await openDatabase(
      DATABASE_URL
        ? { databaseUrl: DATABASE_URL }
        : { postgresDir: path.join(front.dataDir, 'postgres'), attach: true },
    );
    const { db } = handle;
    const { email, cookie } = await signUpBenchUser(front.base);
    const [user] = await queryRows<{ id: string }>(db, sql`select id from users where email = ${email}`);
    const started = performance.now();
    const { workspaceId } = await loadProspects(db, user!.id, { campaigns: CAMPAIGNS, prospects: PROSPECTS });
    log(`loaded ${round(PROSPECTS)} prospects in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // Sending is always allowed by the window: the day's shape comes from spacing and daily limits.
    await db.execute(
      sql`update workspaces set send_window_days = '{1,2,3,4,5,6,7}', send_window_start_hour = 0, send_window_end_hour = 24 where id = ${workspaceId}`,
    );
    const keys = outreachKeys(SECRET);
    const mailboxes = await db
      .insert(emailAccounts)
      .values(
        users.map((u) => ({
          workspaceId,
          connectedBy: user!.id,
          email: u.user,
          provider: 'smtp' as const,
          ...localServerSettings(smtp, imap),
          username: u.user,
          secretEncrypted: encryptSecret(keys.credentials, u.pass),
          dailyLimit: DAILY_LIMIT,
          minSpacingSeconds: SPACING_S.min,
          maxSpacingSeconds: SPACING_S.max,
          nextSendAt: new Date(0),
        })),
      )
      .returning({ id: emailAccounts.id, email: emailAccounts.email });
    const userOf = new Map(mailboxes.map((m) => [m.id, users.find((u) => u.user === m.email)!]));
    const [sequence] = await db.insert(emailSequences).values({ workspaceId, name: 'Pitch' }).returning();
    await db.insert(emailSequenceSteps).values([
      {
        sequenceId: sequence!.id,
        stepNumber: 1,
        subject: 'A resource for [Website] readers',
        content:
          'Hi [First Name],\n\nour guide fits your page on [Website]: [Campaign Website]\n\nBest,\n[Your Name]',
        delayHours: FOLLOW_UP_HOURS,
      },
      {
        sequenceId: sequence!.id,
        stepNumber: 2,
        subject: 'Following up',
        content: 'Hi [First Name], any thoughts?',
        delayHours: null,
      },
    ]);
    await db.execute(
      sql`update campaigns set sequence_id = ${sequence!.id} where workspace_id = ${workspaceId}`,
    );
    const mailboxIds = mailboxes.map((m) => m.id);
    await db.execute(sql`
      insert into enrollments (workspace_id, campaign_id, prospect_id, sequence_id, email_account_id, next_step_at)
      select ${workspaceId}, p.campaign_id, p.id, ${sequence!.id},
        (${uuidArray(mailboxIds)}::uuid[])[1 + (p.n % ${MAILBOXES})], now()
      from (select id, campaign_id, row_number() over (order by id) as n from prospects where workspace_id = ${workspaceId}) p
      where p.n <= ${MAILBOXES * ENROLLED_PER_MAILBOX}`);

    // The links' checks are queued at the day's start; until then the scheduler must not take them.
    await db.execute(sql`
      with c as (select id, row_number() over (order by name) as n from campaigns where workspace_id = ${workspaceId})
      insert into live_links (campaign_id, workspace_id, url, anchor_text, page_url, next_check_at)
      select c.id, ${workspaceId}, 'https://site-' || c.n || '.example/', 'anchor ' || g,
        'http://site' || (g % ${HOSTS}) || '.bench/p' || (g / ${HOSTS}), now() + interval '1 day'
      from generate_series(0, ${LINKS - 1}) g join c on c.n = 1 + g % ${CAMPAIGNS}`);
    await db.execute(sql`analyze`);
    const links = await queryRows<{ id: string; pageUrl: string }>(
      db,
      sql`select id, page_url as "pageUrl" from live_links where workspace_id = ${workspaceId}`,
    );

    for (const p of processes.slice(1)) await p.app.start();
    const dayStart = Date.now();
    log(`day starts: ${MAILBOXES * ENROLLED_PER_MAILBOX} prospects enrolled; load average ${load()}`);

    // Every link's check, hosts taking turns as the scheduler orders them.
    const boss = createQueue(handle, { sendOnly: true });
    await boss.start();
    const order = spreadChecks(
      links.map((l) => ({ id: l.id, host: new URL(l.pageUrl).hostname })),
      0,
    );
    for (let i = 0; i < order.length; i += 100)
      await Promise.all(
        order
          .slice(i, i + 100)
          .map(({ id }) =>
            sendJob(
              boss,
              liveLinkCheckQueue,
              { liveLinkId: id },
              { singletonKey: id, retryLimit: 1, group: { id: workspaceId } },
            ),
          ),
      );
    await boss.stop({ graceful: false });
    log(`${round(LINKS)} link checks queued in ${((Date.now() - dayStart) / 1000).toFixed(1)} s`);

    // The day: replies to one sent message in REPLY_EVERY, each dropped some time within the next hour.
    const delivered = new Map<string, number>();
    const deliveries: Promise<void>[] = [];
    const seen = new Set<string>();
    const checkedSince = async () =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from live_links where last_checked_at >= ${new Date(dayStart).toISOString()}`,
        )
      )[0]!.n;
    const dayEnd = dayStart + DAY_MS;
    for (let hour = 0; Date.now() < dayEnd + SETTLE_MS;) {
      const sent = await queryRows<Sent>(
        db,
        sql`select id, email_account_id as "mailboxId", to_email as "toEmail", subject, message_id as "messageId"
            from outreach_messages where status = 'sent' order by sent_at`,
      );
      for (const m of sent) {
        if (seen.has(m.id)) continue;
        seen.add(m.id);
        if (seen.size % REPLY_EVERY !== 0 || Date.now() > dayEnd) continue;
        const raw = [
          `From: ${m.toEmail}`,
          `To: ${userOf.get(m.mailboxId)!.user}`,
          `Subject: Re: ${m.subject}`,
          `Message-ID: <${crypto.randomUUID()}@reply.example>`,
          `In-Reply-To: ${m.messageId}`,
          `References: ${m.messageId}`,
          `Date: ${new Date().toUTCString()}`,
          'Content-Type: text/plain; charset=utf-8',
          '',
          'Thanks, that guide would fit. Send me the details?',
          '',
        ].join('\r\n');
        deliveries.push(
          sleep(Math.random() * HOUR_MS).then(async () => {
            await imap.deliver(userOf.get(m.mailboxId)!, raw);
            delivered.set(m.id, Date.now());
          }),
        );
      }
      if (Date.now() > dayStart + (hour + 3) * HOUR_MS) {
        hour += 3;
        log(
          `hour ${hour}: ${seen.size} sent, ${delivered.size} replies delivered, ${await checkedSince()} links checked; load ${load()}`,
        );
      }
      if (Date.now() > dayEnd) {
        await Promise.all(deliveries);
        const [stored] = await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from inbound_messages where outreach_message_id = any(${uuidArray([...delivered.keys()])}::uuid[])`,
        );
        if (stored!.n >= delivered.size) break;
      }
      await sleep(1_000);
    }

    // IMAP sync lag: stored (the inbound row's creation) − delivered (the APPEND's completion).
    const stored = await queryRows<{ id: string; createdAt: string }>(
      db,
      sql`select outreach_message_id as id, min(created_at) as "createdAt" from inbound_messages
          where outreach_message_id = any(${uuidArray([...delivered.keys()])}::uuid[]) group by outreach_message_id`,
    );
    const lags = stored
      .map((s) => (new Date(s.createdAt).getTime() - delivered.get(s.id)!) / 1000)
      .sort((a, b) => a - b);
    const lagLine = lags.length
      ? `p50 ${percentile(lags, 50).toFixed(1)} s, p95 ${percentile(lags, 95).toFixed(1)} s, max ${lags.at(-1)!.toFixed(1)} s`
      : 'none stored';
    console.log(
      `\nIMAP sync lag: ${stored.length} of ${delivered.size} replies stored; ${lagLine} — goal p95 ≤ 60 s: ${lags.length === delivered.size && lags.length > 0 && percentile(lags, 95) <= 60 ? 'met' : 'NOT met'}`,
    );

    // Link checks.
    const [checks] = await queryRows<{
      n: number;
      first: Date | null;
      last: Date | null;
      active: number;
      lost: number;
    }>(
      db,
      sql`select count(*)::int as n, min(checked_at) as first, max(checked_at) as last,
            count(*) filter (where status = 'active')::int as active, count(*) filter (where status = 'lost')::int as lost
          from live_link_checks where workspace_id = ${workspaceId}`,
    );
    // Checks run through the day: their rate (from the day's start to the last check) says how long all take.
    const checkSeconds = checks!.last ? (new Date(checks!.last).getTime() - dayStart) / 1000 : NaN;
    const rate = checks!.n / checkSeconds;
    const allHours = LINKS / rate / 3600;
    console.log(
      `link checks: ${round(checks!.n)} of ${round(LINKS)} links checked (${checks!.active} active, ${checks!.lost} lost: every 100th page is gone) ` +
        `in ${round(checkSeconds)} s = ${round(rate, 2)} checks/s, one request per host at a time, 1 s apart (CRAWL_HOST_DELAY_MS default); ` +
        `all ${round(LINKS)} take ${round(allHours, 1)} h of the 24-hour budget (LINK_CHECK_INTERVAL_HOURS) — goal: ${allHours <= 24 ? 'met' : 'NOT met'}`,
    );

    // Sends on schedule.
    const messages = await queryRows<{
      mailboxId: string;
      notBefore: string;
      claimedAt: string;
      sentAt: string;
    }>(
      db,
      sql`select email_account_id as "mailboxId", not_before as "notBefore", claimed_at as "claimedAt", sent_at as "sentAt"
          from outreach_messages where status = 'sent' order by email_account_id, claimed_at`,
    );
    const maxSpacingMs = SPACING_S.max * 1000 * (HOUR_MS / 3_600_000);
    const lateness: number[] = [];
    let previous: { mailboxId: string; claimedAt: string } | null = null;
    for (const m of messages) {
      const free =
        previous?.mailboxId === m.mailboxId ? new Date(previous.claimedAt).getTime() + maxSpacingMs : 0;
      lateness.push(new Date(m.claimedAt).getTime() - Math.max(new Date(m.notBefore).getTime(), free));
      previous = m;
    }
    lateness.sort((a, b) => a - b);
    const late = lateness.filter((l) => l > JITTER_MS).length;
    const sendMs = messages
      .map((m) => new Date(m.sentAt).getTime() - new Date(m.claimedAt).getTime())
      .sort((a, b) => a - b);
    console.log(
      `sends: ${messages.length} sent (${smtp.messages.length} accepted by the SMTP server; limit ${MAILBOXES} × ${DAILY_LIMIT}); ` +
        `claimed after due: p50 ${percentile(lateness, 50)} ms, p99 ${percentile(lateness, 99)} ms, max ${lateness.at(-1)} ms; ` +
        `claim → sent p50 ${percentile(sendMs, 50)} ms, max ${sendMs.at(-1)} ms; ` +
        `${late} late beyond the jitter (${JITTER_MS} ms) — goal 0: ${late === 0 && messages.length > 0 ? 'met' : 'NOT met'}`,
    );

    // The session check, on a quiet app, alternately so drift hits both alike.
    const rates: { health: number; me: number }[] = [];
    for (let i = 0; i < 2; i++)
      rates.push({
        health: await wrk(`${front.base}${apiPaths.health}`),
        me: await wrk(`${front.base}${apiPaths.me}`, cookie),
      });
    const ratios = rates.map((r) => r.me / r.health);
    console.log(
      `session check (wrk, ${WRK_SECONDS} s, 10 connections): ` +
        rates
          .map(
            (r, i) =>
              `/api/health ${round(r.health)} req/s, /api/me ${round(r.me)} req/s (${ratios[i]!.toFixed(2)})`,
          )
          .join('; ') +
        ` — goal ≥ 0.8: ${Math.min(...ratios) >= 0.8 ? 'met' : 'NOT met'}`,
    );

    const peaks = processes.map((p) => ({ name: p.name, mb: memoryMb(p.app.pid()).peak }));
    console.log(
      `peak RSS: ${peaks.map((p) => `${p.name} ${round(p.mb)} MB`).join(', ')} — goal ≤ 1 GB: ${peaks.every((p) => p.mb <= 1024) ? 'met' : 'NOT met'}`,
    );
    console.log(`load average at the end: ${load()}`);
  } finally {
    await handle?.close();
    for (const p of [...processes].reverse()) await p.app.dispose();
    await Promise.all([imap.close(), smtp.close(), web.close()]);
  }
}

await main();
