import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../../shared/paths';
import { mailboxMessages, type Mailbox, type MailboxHealthReport } from '../../../shared/schemas/mailboxes';
import { emailAccounts } from '../../db/schema/mailboxes';
import { createSignedInApp, signUpUser, type TestApp } from '../../testing/app';
import { insertCampaign } from '../../testing/campaigns';
import { seedSends, type SeededMailbox } from '../../testing/mailbox-history';
import { userAndWorkspace } from '../../testing/users';

/** A mailbox's health, pause, resume and thresholds over the API, scoped to its owner. */
let t: TestApp;
let cookie: string;
let other: string;
let mailboxId: string;

beforeAll(async () => {
  let email: string;
  ({ t, cookie, email } = await createSignedInApp());
  ({ cookie: other } = await signUpUser(t.app));
  const { userId, workspaceId } = await userAndWorkspace(t.handle.db, email);
  const [mailbox] = await t.handle.db
    .insert(emailAccounts)
    .values({
      workspaceId,
      connectedBy: userId,
      email: 'grace@sender.test',
      provider: 'smtp',
      rampLimit: 15,
    })
    .returning();
  mailboxId = mailbox!.id;
  const campaign = await insertCampaign(t.handle.db, { id: userId, workspaceId });
  const seeded: SeededMailbox = {
    db: t.handle.db,
    workspaceId,
    userId,
    ownerEmail: email,
    mailboxId,
    campaignId: campaign.id,
  };
  const hourAgo = new Date(Date.now() - 3_600_000);
  await seedSends(seeded, hourAgo, 8);
  await seedSends(seeded, hourAgo, 2, ['hard']);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', path: string, as = cookie, payload?: object) =>
  t.app.inject({ method, url: withId(path, mailboxId), headers: { cookie: as }, payload });

describe('mailbox health over the API', () => {
  it('lists the ramp, the thresholds and the status source on the mailbox', async () => {
    const [mailbox] = (await t.app.inject({ url: apiPaths.emailAccounts, headers: { cookie } })).json<
      Mailbox[]
    >();
    expect(mailbox).toMatchObject({
      rampLimit: 15,
      dailyLimit: 30,
      statusSource: null,
      maxHardBouncePct: 5,
      maxPolicyBlockPct: 3,
      maxUnsubscribePct: 2,
    });
  });

  it('shows the health figures of the window', async () => {
    const response = await call('GET', apiPaths.emailAccountHealth);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<MailboxHealthReport>();
    expect(report.health).toMatchObject({ sent: 10, hardBounces: 2, hardBouncePct: 20 });
    expect(report.minimumSends).toBe(20);
    expect(Date.now() - Date.parse(report.since)).toBeGreaterThan(6.9 * 86_400_000);
  });

  it('answers 404 to another user for health, pause and resume, and changes nothing', async () => {
    for (const path of [
      apiPaths.emailAccountHealth,
      apiPaths.emailAccountPause,
      apiPaths.emailAccountResume,
    ]) {
      const response = await call(path === apiPaths.emailAccountHealth ? 'GET' : 'POST', path, other);
      expect(response.statusCode, path).toBe(404);
    }
    const [row] = await t.handle.db.select().from(emailAccounts).where(eq(emailAccounts.id, mailboxId));
    expect(row!.status).toBe('connected');
  });

  it('pauses by hand (source user), refuses to pause twice, resumes, refuses to resume a connected one', async () => {
    const paused = await call('POST', apiPaths.emailAccountPause);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json<Mailbox>()).toMatchObject({
      status: 'paused',
      statusSource: 'user',
      statusReason: mailboxMessages.pausedByUser,
    });
    expect((await call('POST', apiPaths.emailAccountPause)).statusCode).toBe(409);

    const resumed = await call('POST', apiPaths.emailAccountResume);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json<Mailbox>()).toMatchObject({
      status: 'connected',
      statusSource: null,
      statusReason: null,
    });
    // Paused by hand, not by its health: its health window is not restarted.
    const [row] = await t.handle.db.select().from(emailAccounts).where(eq(emailAccounts.id, mailboxId));
    expect(row!.healthSince).toBeNull();

    const again = await call('POST', apiPaths.emailAccountResume);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(mailboxMessages.notPaused);
  });

  it('saves the thresholds, validated 0–100 with the settings schema', async () => {
    const limits = { dailyLimit: 30, minSpacingMinutes: 2, maxSpacingMinutes: 6 };
    const refused = await call('PATCH', apiPaths.emailAccount, cookie, { ...limits, maxHardBouncePct: 150 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('0 to 100');

    const saved = await call('PATCH', apiPaths.emailAccount, cookie, {
      ...limits,
      maxHardBouncePct: 4.5,
      maxPolicyBlockPct: 0,
      maxUnsubscribePct: 10,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Mailbox>()).toMatchObject({
      maxHardBouncePct: 4.5,
      maxPolicyBlockPct: 0,
      maxUnsubscribePct: 10,
    });
    // Left out, they stay as they are.
    const kept = await call('PATCH', apiPaths.emailAccount, cookie, limits);
    expect(kept.json<Mailbox>()).toMatchObject({ maxHardBouncePct: 4.5 });
  });
});
