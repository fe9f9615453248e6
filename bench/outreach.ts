/**
 * The outreach engine (docs/decisions/009-outreach-sending.md) at scale: 10,000 prospects enrolled across 100 mailboxes,
 * then (1) the queueing tick (due enrollments → outreach messages with placeholders filled): ms per
 * tick and messages queued per second; (2) the claim tick (window, daily limit, spacing, one message
 * per domain in flight): ms per tick and messages claimed per tick; (3) the SMTP send path
 * (compose, tracking rewrite, send with the blind copy to a local smtp-server, record in the same
 * transaction as the counters): messages per second. Peak RSS sampled every 20 ms.
 * Run: npm run bench:outreach (an embedded PostgreSQL server of its own, in a temporary folder), or
 * with TEST_DATABASE_URL=postgres://… on a fresh database of that server.
 * Settings: BENCH_PROSPECTS (10000), BENCH_MAILBOXES (100), BENCH_SENDS (2000).
 */
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../src/server/db/client';
import { campaigns } from '../src/server/db/schema/campaigns';
import { prospects } from '../src/server/db/schema/prospects';
import { emailAccounts } from '../src/server/db/schema/mailboxes';
import { enrollments } from '../src/server/db/schema/outreach';
import { emailSequences, emailSequenceSteps } from '../src/server/db/schema/sequences';
import { workspaces } from '../src/server/db/schema/workspaces';
import { outreachKeys } from '../src/server/keys';
import { claimSendable } from '../src/server/outreach/scheduling/claim';
import { queueDueSteps } from '../src/server/outreach/scheduling/queue-steps';
import { sendMessage } from '../src/server/outreach/sending/send';
import { encryptSecret } from '../src/server/secrets';
import { testConfig } from '../src/server/testing/app';
import { createTestDatabase } from '../src/server/testing/database';
import { startSmtpServer } from '../src/server/testing/mail-servers';
import { insertTestUser } from '../src/server/testing/users';

const PROSPECTS = Number(process.env.BENCH_PROSPECTS ?? 10_000);
const MAILBOXES = Number(process.env.BENCH_MAILBOXES ?? 100);
const SENDS = Number(process.env.BENCH_SENDS ?? 2_000);
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

const sender = { user: 'bench@sender.test', pass: 'bench-password' };
const smtp = await startSmtpServer([sender]);
const handle = await createTestDatabase();
const { db } = handle;
const keys = outreachKeys(SECRET);
const config = testConfig({ APP_URL: 'https://app.example' });

// An always-open window, no spacing and no daily cap: the figures are the engine's own cost.
const user = await insertTestUser(db, { name: 'Bench Sender', email: 'owner@bench.test' });
const workspaceId = user.workspaceId;
await db
  .update(workspaces)
  .set({ sendWindowDays: [1, 2, 3, 4, 5, 6, 7], sendWindowStartHour: 0, sendWindowEndHour: 24 })
  .where(eq(workspaces.id, workspaceId));
const secret = encryptSecret(keys.credentials, sender.pass);
const mailboxes = await db
  .insert(emailAccounts)
  .values(
    Array.from({ length: MAILBOXES }, (_, i) => ({
      workspaceId,
      connectedBy: user.id,
      email: `box${i}@sender.test`,
      provider: 'smtp' as const,
      smtpHost: '127.0.0.1',
      smtpPort: smtp.port,
      smtpSecurity: 'none' as const,
      imapHost: '127.0.0.1',
      imapPort: 1,
      imapSecurity: 'none' as const,
      username: sender.user,
      secretEncrypted: secret,
      dailyLimit: 1_000_000,
      minSpacingSeconds: 0,
      maxSpacingSeconds: 0,
      nextSendAt: new Date(0),
    })),
  )
  .returning({ id: emailAccounts.id });
const [sequence] = await db.insert(emailSequences).values({ workspaceId, name: 'Pitch' }).returning();
await db.insert(emailSequenceSteps).values([
  {
    sequenceId: sequence!.id,
    stepNumber: 1,
    subject: 'A resource for [Website] readers',
    content:
      'Hi [First Name],\n\nI enjoyed your page on [Website]; our guide at [Campaign Website] fits it: https://mine.example/guide\n\nBest,\n[Your Name]',
    delayHours: 72,
  },
  {
    sequenceId: sequence!.id,
    stepNumber: 2,
    subject: 'Following up',
    content: 'Hi [First Name], any thoughts?',
    delayHours: null,
  },
]);
const [campaign] = await db
  .insert(campaigns)
  .values({
    workspaceId,
    ownerId: user.id,
    name: 'Bench',
    websiteUrl: 'https://mine.example',
    type: 'manual',
    status: 'active',
    sequenceId: sequence!.id,
  })
  .returning();

let started = performance.now();
// Distinct domains, so the one-message-per-domain rule never holds a mailbox back.
await db.execute(sql`
  insert into prospects (campaign_id, workspace_id, website, contact_email, contact_name)
  select ${campaign!.id}, ${workspaceId}, 'https://site' || g || '.example', 'editor@site' || g || '.example', 'Ada Lovelace'
  from generate_series(1, ${PROSPECTS}) g`);
const prospectIds = (await db.select({ id: prospects.id }).from(prospects)).map((p) => p.id);
for (let i = 0; i < prospectIds.length; i += 2_000) {
  await db.insert(enrollments).values(
    prospectIds.slice(i, i + 2_000).map((prospectId, j) => ({
      workspaceId,
      campaignId: campaign!.id,
      prospectId,
      sequenceId: sequence!.id,
      emailAccountId: mailboxes[(i + j) % MAILBOXES]!.id,
      nextStepAt: new Date(0),
    })),
  );
}
// Autovacuum has not seen the bulk load yet: without statistics the planner guesses row counts.
await db.execute(sql`analyze`);
console.log(
  `setup: ${PROSPECTS} prospects enrolled across ${MAILBOXES} mailboxes in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

// (1) Queueing: every tick turns at most QUEUE_BATCH due enrollments into messages.
const queueTicks: number[] = [];
let queued = 0;
started = performance.now();
for (;;) {
  const t = performance.now();
  const n = await queueDueSteps(db, new Date());
  if (n === 0) break;
  queueTicks.push(performance.now() - t);
  queued += n;
}
const queueSeconds = (performance.now() - started) / 1000;

// (2) + (3) Claim ticks and the SMTP send path, until SENDS messages went out.
const claimTicks: number[] = [];
let claimedTotal = 0;
let sent = 0;
let sendMs = 0;
while (sent < SENDS) {
  const t = performance.now();
  const claimed = await claimSendable(db, new Date());
  claimTicks.push(performance.now() - t);
  claimedTotal += claimed.length;
  if (claimed.length === 0) throw new Error('nothing claimable: check the bench set-up');
  const s = performance.now();
  const outcomes = await Promise.all(claimed.map((id) => sendMessage(db, { keys, config }, id, new Date())));
  sendMs += performance.now() - s;
  sent += outcomes.filter((o) => o === 'sent').length;
}
await smtp.waitFor(sent, 60_000);
const [counters] = await queryRows<{ emails_sent: number }>(
  db,
  sql`select emails_sent from campaigns where id = ${campaign!.id}`,
);

const stats = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `mean ${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(0)} ms, p50 ${at(0.5).toFixed(0)} ms, max ${at(1).toFixed(0)} ms`;
};
console.log(
  `queue tick: ${queueTicks.length} ticks for ${queued} messages, ${stats(queueTicks)}; ${(queued / queueSeconds).toFixed(0)} messages queued/s`,
);
console.log(
  `claim tick: ${claimTicks.length} ticks, ${(claimedTotal / claimTicks.length).toFixed(0)} messages claimed per tick (one per mailbox), ${stats(claimTicks)}`,
);
console.log(
  `SMTP send path: ${sent} messages (one SMTP transaction each, prospect + blind copy) in ${(sendMs / 1000).toFixed(1)} s = ${((sent * 1000) / sendMs).toFixed(0)} messages/s; campaign emails_sent = ${counters?.emails_sent}`,
);
console.log(
  `peak RSS ${mb(peakRss)} (${process.env.TEST_DATABASE_URL ? 'PostgreSQL server' : 'embedded PostgreSQL'})`,
);

clearInterval(sampler);
await smtp.close();
await handle.close();
