import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiPaths, withId } from '../src/shared/paths';
import { attachEmbeddedPostgres } from '../src/server/db/embedded-postgres';
import {
  startImapServer,
  startSmtpServer,
  type LocalImapServer,
  type LocalSmtpServer,
  type MailUser,
} from '../src/server/testing/mail-servers';
import { startAppProcess, stopAppProcess, type AppProcess } from './app-processes';
import { okJson } from './outreach-api';
import { ownsSocket } from './socket-owner';
import { fillSignUpForm, newUser } from './support';

/**
 * Several processes on one PostgreSQL server (docs/decisions/048-several-processes.md): two `web`
 * and two `worker` processes of the built app share a fresh database; 2,000 messages go out
 * through 50 mailboxes to the local SMTP server while one worker is killed (SIGKILL) the moment the
 * server has accepted one of its messages and before it could record it. Every prospect gets
 * exactly one message, counted at the SMTP server by Message-ID and recipient and in the database.
 * A browser signed in through web process A watches the campaign on web process B: the workers'
 * sends and an action through A show up there live, without a reload.
 */

/**
 * A tick sends at most one message per mailbox (in parallel), and a campaign rotates at most 10
 * mailboxes: 50 mailboxes in 5 campaigns of 400 send the 2,000 in about 40 ticks.
 */
const MAILBOXES = 50;
const MESSAGES = 2000;
const CAMPAIGNS = MAILBOXES / 10;
const PER_CAMPAIGN = MESSAGES / CAMPAIGNS;
/** The sink has this many messages when the test starts looking for one of worker A's to kill it on. */
const KILL_AFTER = 600;
const SECRET = randomBytes(32).toString('hex');
/**
 * How long the 2,000 sends may take. Measured on a 2-core machine: 116 s alone, and with 20
 * mailboxes 4 minutes at load average 10–14, 6 to 10 at 20–26 — most of it the engine's own pace
 * (one message per mailbox per tick, and a tick first queues up to 500 due steps). The bound
 * catches a stall, not slowness.
 */
const SEND_LIMIT_MS = 900_000;

const mailUsers: MailUser[] = Array.from({ length: MAILBOXES }, (_, i) => ({
  user: `sender${i}@multi.test`,
  pass: 'mailbox-password',
}));
const prospects = Array.from({ length: MESSAGES }, (_, i) => ({
  // One domain each: the engine never sends two messages to one domain at the same time.
  website: `site${i}.test`,
  contactEmail: `editor@site${i}.test`,
  contactName: `Editor ${i}`,
}));

let smtp: LocalSmtpServer;
let imap: LocalImapServer;
let admin: pg.Client;
let databaseName: string;
let databaseUrl: string;
let dataDir: string;
const apps: AppProcess[] = [];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  [smtp, imap] = await Promise.all([startSmtpServer(mailUsers), startImapServer(mailUsers)]);
  // The blind copy of every message lands in its mailbox as a local delivery agent puts it there
  // (a file in the user's Maildir/new): the proof of delivery the engine looks for after a crash.
  const dovecot = { uid: id('-u'), gid: id('-g') };
  smtp.hooks.deliver = async (recipient, raw) => {
    if (!mailUsers.some((u) => u.user === recipient)) return;
    const maildir = imap.maildir(recipient);
    for (const sub of ['', '/cur', '/new', '/tmp']) {
      mkdirSync(maildir + sub, { recursive: true });
      chownSync(maildir + sub, dovecot.uid, dovecot.gid);
    }
    chownSync(path.dirname(maildir), dovecot.uid, dovecot.gid);
    // Written in tmp/ and renamed into new/, so Dovecot never reads half a message (maildir(5)).
    const name = `${Date.now()}.${randomBytes(8).toString('hex')}.multi`;
    writeFileSync(path.join(maildir, 'tmp', name), raw);
    chownSync(path.join(maildir, 'tmp', name), dovecot.uid, dovecot.gid);
    renameSync(path.join(maildir, 'tmp', name), path.join(maildir, 'new', name));
  };

  // A fresh database on the end-to-end run's PostgreSQL server, migrated by the first process.
  const server = attachEmbeddedPostgres(path.join(process.env.E2E_DATA_DIR!, 'postgres'));
  if (!server) throw new Error('the end-to-end app and its PostgreSQL server are not running');
  admin = new pg.Client({ connectionString: server.connectionString });
  await admin.connect();
  databaseName = `multiproc_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${databaseName}`);
  const url = new URL(server.connectionString);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();

  dataDir = mkdtempSync(path.join(tmpdir(), 'linkpilot-multiproc-'));
  const env = {
    DATABASE_URL: databaseUrl,
    APP_SECRET: SECRET,
    // The public URL the workers put in messages' links; each web process is given its own address.
    APP_URL: 'https://links.example',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MAIL_ALLOW_PRIVATE: '127.0.0.1',
    MAIL_DOMAINS_ASSUME_OK: 'test',
    MAILBOX_CHECK_MAX_PER_USER: '100',
    MAILBOX_CHECK_MAX_PER_SERVER: '100',
    // No warm-up: each mailbox may send its whole daily limit at once.
    MAILBOX_RAMP_START: '2000',
    // The engine runs every second, an outreach hour lasts 0.4 s (a mailbox's 2–6 minute spacing
    // becomes 13–40 ms), and a message left 'sending' by the killed worker is looked at after 10 s.
    OUTREACH_TICK_SECONDS: '1',
    OUTREACH_HOUR_MS: '400',
    OUTREACH_SENDING_LEASE_SECONDS: '10',
  };
  // All four at once on the empty database: they migrate it under one lock.
  apps.push(
    ...(await Promise.all([
      startAppProcess('web', env),
      startAppProcess('web', env),
      startAppProcess('worker', env),
      startAppProcess('worker', env),
    ])),
  );
});

test.afterAll(async () => {
  await Promise.all(apps.map(stopAppProcess));
  await Promise.all([smtp?.close(), imap?.close()]);
  if (admin) {
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function id(flag: '-u' | '-g'): number {
  return Number(execFileSync('id', [flag, 'dovecot']).toString().trim());
}

test('2 web and 2 worker processes send 2,000 messages with a worker killed mid-send: none twice, none lost; live updates cross processes', async ({
  page,
}) => {
  test.setTimeout(SEND_LIMIT_MS + 240_000);
  const [webA, webB, workerA] = apps as [AppProcess, AppProcess, AppProcess, AppProcess];
  const a = webA.url!;
  const b = webB.url!;

  // Signed up through web process A; the session cookie (host localhost) is good on B too.
  const user = newUser();
  await page.goto(`${a}/signup`);
  await fillSignUpForm(page, user);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const api = page.request;
  const mailboxIds: string[] = [];
  for (const mailUser of mailUsers) {
    const mailbox = await okJson(
      await api.post(`${a}${apiPaths.emailAccounts}`, {
        headers: { origin: a },
        data: {
          email: mailUser.user,
          username: mailUser.user,
          password: mailUser.pass,
          smtpHost: '127.0.0.1',
          smtpPort: smtp.port,
          smtpSecurity: 'none',
          imapHost: '127.0.0.1',
          imapPort: imap.port,
          imapSecurity: 'none',
          dailyLimit: MESSAGES / MAILBOXES + 50,
        },
      }),
    );
    mailboxIds.push(mailbox.id);
  }
  await okJson(
    await api.put(`${a}${apiPaths.sendingSettings}`, {
      headers: { origin: a },
      data: {
        postalAddress: '',
        timeZone: 'UTC',
        sendWindowDays: [1, 2, 3, 4, 5, 6, 7],
        sendWindowStartHour: 0,
        sendWindowEndHour: 24,
      },
    }),
  );
  const sequence = await okJson(
    await api.post(`${a}${apiPaths.sequences}`, {
      headers: { origin: a },
      data: {
        name: 'Pitch',
        steps: [
          { subject: 'Idea for [Website]', content: 'Hi [First Name], a guest post idea.', delayHours: null },
        ],
      },
    }),
  );
  // A campaign rotates at most 10 mailboxes: five campaigns of 400 prospects, 10 mailboxes each.
  const campaignIds: string[] = [];
  for (let i = 0; i < CAMPAIGNS; i++) {
    const share = prospects.slice(i * PER_CAMPAIGN, (i + 1) * PER_CAMPAIGN);
    const campaign = await okJson(
      await api.post(`${a}${apiPaths.campaigns}`, {
        headers: { origin: a },
        data: {
          type: 'manual',
          name: `Many sites ${i + 1}`,
          websiteUrl: 'https://mysite.example',
          competitors: [],
          prospects: share,
        },
      }),
    );
    await okJson(
      await api.put(`${a}${withId(apiPaths.campaignOutreach, campaign.id)}`, {
        headers: { origin: a },
        data: {
          emailAccountIds: mailboxIds.slice(i * 10, i * 10 + 10),
          sequenceId: sequence.id,
          trackOpens: false,
          trackClicks: false,
        },
      }),
    );
    campaignIds.push(campaign.id);
  }
  const [campaignId] = campaignIds as [string, string];

  // The campaign is open on web process B before anything is sent, and never reloaded.
  await page.goto(`${b}/dashboard/campaigns/${campaignId}`);
  await expect(page.getByText(`Pending ${PER_CAMPAIGN} · Contacted 0 · Responded 0`)).toBeVisible({
    timeout: 60_000,
  });

  // The moment the SMTP server has accepted one of worker A's messages, A dies before it hears the
  // 250 and so before it records the message; its other sends in flight are cut off too.
  let killedOn: string | undefined;
  smtp.hooks.afterAccept = async (raw, client) => {
    if (killedOn || smtp.messages.length < KILL_AFTER) return;
    if (!ownsSocket(workerA.child.pid!, client.port, smtp.port)) return;
    killedOn = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1];
    workerA.child.kill('SIGKILL');
    await workerA.exited;
  };

  const started = Date.now();
  for (const id of campaignIds) {
    const enrolled = await okJson<{ enrolled: number }>(
      await api.post(`${a}${withId(apiPaths.campaignEnrollment, id)}`, { headers: { origin: a } }),
    );
    expect(enrolled.enrolled).toBe(PER_CAMPAIGN);
  }

  // Every message reaches the SMTP server (the killed worker's unfinished ones through worker B)…
  // Progress in the test's output, for the time the run took.
  const progress = setInterval(
    () =>
      console.log(
        `multi-process: ${smtp.messages.length} messages after ${Math.round((Date.now() - started) / 1000)} s`,
      ),
    30_000,
  );
  try {
    await smtp.waitFor(MESSAGES, SEND_LIMIT_MS);
  } finally {
    clearInterval(progress);
  }
  expect(killedOn, 'worker A was killed on one of its messages').toBeDefined();
  expect(await workerA.exited).toBe('SIGKILL');
  // …and the database records each as sent once the survivor has reconciled what A left 'sending'.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await expect
      .poll(
        async () =>
          (
            await db.query<{ n: number }>(
              `select count(*)::int as n from outreach_messages where status = 'sent'`,
            )
          ).rows[0]!.n,
        { timeout: 90_000, intervals: [1000] },
      )
      .toBe(MESSAGES);
    console.log(
      `multi-process: ${MESSAGES} messages sent and recorded in ${Math.round((Date.now() - started) / 1000)} s`,
    );

    // At the SMTP server: 2,000 messages, each Message-ID once, each prospect once, each with its blind copy.
    await new Promise((resolve) => setTimeout(resolve, 2000)); // a duplicate would arrive now, if ever
    const atSink = smtp.messages;
    const sinkIds = atSink.map((m) => m.parsed.messageId);
    const twice = sinkIds.filter((messageId, i) => sinkIds.indexOf(messageId) !== i);
    expect(twice, 'Message-IDs the SMTP server received more than once').toEqual([]);
    expect(atSink).toHaveLength(MESSAGES);
    expect(new Set(sinkIds).size).toBe(MESSAGES);
    const recipients = atSink.map((m) => m.to.find((to) => !mailUsers.some((u) => u.user === to)));
    expect(new Set(recipients)).toEqual(new Set(prospects.map((p) => p.contactEmail)));
    expect(atSink.every((m) => m.to.length === 2)).toBe(true);

    // In the database: one message per prospect, all sent, the same Message-IDs as at the server.
    const rows = (
      await db.query<{ message_id: string; to_email: string; status: string }>(
        'select message_id, to_email, status from outreach_messages',
      )
    ).rows;
    expect(rows).toHaveLength(MESSAGES);
    expect(new Set(rows.map((r) => r.to_email)).size).toBe(MESSAGES);
    expect(new Set(rows.map((r) => r.message_id))).toEqual(new Set(sinkIds));
    const killed = rows.find((r) => r.message_id === killedOn);
    expect(killed?.status).toBe('sent');
    const counters = (
      await db.query<{ emails_sent: number; sent_prospects: number }>(
        `select c.emails_sent, (select count(*)::int from prospects p where p.campaign_id = c.id and p.status = 'sent') as sent_prospects
         from campaigns c order by c.name`,
      )
    ).rows;
    expect(counters).toEqual(
      campaignIds.map(() => ({ emails_sent: PER_CAMPAIGN, sent_prospects: PER_CAMPAIGN })),
    );

    // The page on B followed the workers' sends live (NOTIFY from the workers, LISTEN in B).
    await expect(page.getByText(`Pending 0 · Contacted ${PER_CAMPAIGN} · Responded 0`)).toBeVisible({
      timeout: 15_000,
    });

    // A user action through web process A shows on B’s page, without a reload (the bound allows
    // for a machine under load).
    const site = /site\d+\.test/.exec(
      await page
        .getByRole('row')
        .filter({ hasText: /site\d+\.test/ })
        .first()
        .innerText(),
    )![0];
    const row = page.getByRole('row', { name: new RegExp(`\\b${site.replace('.', '\\.')}\\b`) });
    const [prospect] = (
      await db.query<{ id: string }>('select id from prospects where contact_email = $1', [`editor@${site}`])
    ).rows;
    await okJson(
      await api.patch(`${a}${withId(apiPaths.prospect, prospect!.id)}`, {
        headers: { origin: a },
        data: { status: 'success' },
      }),
    );
    await expect(row.getByText('success', { exact: true })).toBeVisible({ timeout: 10_000 });
  } finally {
    await db.end();
  }
});
