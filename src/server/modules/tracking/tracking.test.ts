import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../../db/schema/campaigns';
import { enrollments, outreachMessages, suppressions, trackingEvents } from '../../db/schema/outreach';
import { workspaces } from '../../db/schema/workspaces';
import { claimSendable } from '../../outreach/scheduling/claim';
import { queueDueSteps } from '../../outreach/scheduling/queue-steps';
import { sendMessage } from '../../outreach/sending/send';
import { createTestApp, testConfig, type TestApp } from '../../testing/app';
import { createOutreachFixture, type OutreachFixture } from '../../testing/outreach';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const sentAt = new Date(Date.now() - 3600_000); // an hour ago: later hits are people, not delivery scanners

let t: TestApp;
let f: OutreachFixture;
let html: string;
let unsubscribeUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  f = await createOutreachFixture(t.handle.db, {
    prospects: [{ website: 'https://blog.example', email: 'anna@blog.example', name: 'Anna' }],
    steps: [
      { subject: 'Idea', content: 'Hi [First Name], see https://mine.example/guide', delayHours: 24 },
      { subject: 'Again', content: 'Hi again', delayHours: null },
    ],
    start: sentAt,
  });
  await t.handle.db
    .update(workspaces)
    .set({ sendWindowDays: [1, 2, 3, 4, 5, 6, 7], sendWindowStartHour: 0, sendWindowEndHour: 24 })
    .where(eq(workspaces.id, f.workspaceId));
  await queueDueSteps(t.handle.db, sentAt);
  const [id] = await claimSendable(t.handle.db, sentAt);
  await sendMessage(
    t.handle.db,
    { keys: f.keys, config: testConfig({ APP_URL: 'https://app.example' }) },
    id!,
    sentAt,
  );
  const [received] = await f.smtp.waitFor(1);
  html = received!.parsed.html as string;
  const header = received!.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  unsubscribeUrl = /List-Unsubscribe: <([^>]+)>/.exec(header)![1]!;
});
afterAll(async () => {
  await f.close();
  await t.close();
});

const path = (url: string) => new URL(url).pathname;
const counters = async () => {
  const [c] = await t.handle.db.select().from(campaigns).where(eq(campaigns.id, f.campaignId));
  return { opened: c!.emailsOpened, clicked: c!.emailsClicked };
};

describe('open and click tracking', () => {
  it('counts a person opening the message once, however often it is opened', async () => {
    const pixel = path(/<img src="([^"]+)"/.exec(html)![1]!);
    for (let i = 0; i < 2; i++) {
      const response = await t.app.inject({ method: 'GET', url: pixel, headers: { 'user-agent': BROWSER } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/gif');
    }
    expect(await counters()).toEqual({ opened: 1, clicked: 0 });
    expect(await t.handle.db.select().from(trackingEvents)).toHaveLength(2);
  });

  it('records an image proxy fetch but flags it and does not count it', async () => {
    const pixel = path(/<img src="([^"]+)"/.exec(html)![1]!);
    const before = await counters();
    await t.app.inject({
      method: 'GET',
      url: pixel,
      headers: { 'user-agent': 'Mozilla/5.0 (via ggpht.com GoogleImageProxy)' },
    });
    expect(await counters()).toEqual(before);
    const events = await t.handle.db.select().from(trackingEvents).where(eq(trackingEvents.automated, true));
    expect(events).toHaveLength(1);
  });

  it('redirects a click to the original link and counts it once', async () => {
    const link = path(/href="(https:\/\/app\.example\/t\/c\/[^"]+)"/.exec(html)![1]!);
    const response = await t.app.inject({ method: 'GET', url: link, headers: { 'user-agent': BROWSER } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://mine.example/guide');
    await t.app.inject({ method: 'GET', url: link, headers: { 'user-agent': BROWSER } });
    expect((await counters()).clicked).toBe(1);
  });

  it('refuses an altered click token instead of redirecting anywhere', async () => {
    const link = path(/href="(https:\/\/app\.example\/t\/c\/[^"]+)"/.exec(html)![1]!);
    const forged = await t.app.inject({ method: 'GET', url: `${link.slice(0, -3)}abc` });
    expect(forged.statusCode).toBe(404);
    expect(forged.headers.location).toBeUndefined();
  });
});

describe('unsubscribe without sign-in', () => {
  it('shows a link scanner a button instead of unsubscribing', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: path(unsubscribeUrl),
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Barracuda Sentinel)' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<form method="post"');
    expect(await t.handle.db.select().from(suppressions)).toHaveLength(0);
  });

  it('unsubscribes with the RFC 8058 one-click POST: suppressed, enrollment stopped, follow-up never sent', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: path(unsubscribeUrl),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('anna@blog.example will not receive further messages');
    expect(await t.handle.db.select().from(suppressions)).toMatchObject([
      { email: 'anna@blog.example', reason: 'unsubscribe' },
    ]);
    const [enrollment] = await t.handle.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.prospectId, f.prospectIds[0]!));
    expect(enrollment).toMatchObject({ status: 'stopped', stopReason: 'Unsubscribed' });
    const due = new Date(sentAt.getTime() + 25 * 3600_000);
    expect(await queueDueSteps(t.handle.db, due)).toBe(0);
    expect(await t.handle.db.select().from(outreachMessages)).toHaveLength(1);
  });

  it('unsubscribes from the link a person opens, and says so again on a second visit', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await t.app.inject({
        method: 'GET',
        url: path(unsubscribeUrl),
        headers: { 'user-agent': BROWSER },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('You are unsubscribed');
    }
    expect(await t.handle.db.select().from(suppressions)).toHaveLength(1);
  });

  it('answers 404 to a forged token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/u/forged.token' });
    expect(response.statusCode).toBe(404);
  });
});
