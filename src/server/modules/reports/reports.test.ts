import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId, withQuery } from '#shared/paths';
import { reportFigures, spendLine } from '#shared/report-figures';
import type { ActivityPage } from '#shared/schemas/activity';
import type { CreatedApiKey } from '#shared/schemas/api-keys';
import type { Campaign } from '#shared/schemas/campaigns';
import type { Client } from '#shared/schemas/clients';
import type { Placement } from '#shared/schemas/placements';
import type { ProspectPage } from '#shared/schemas/prospects';
import {
  reportMessages,
  type Report,
  type Schedule,
  type SchedulePage,
  type ShareLink,
  type ShareLinkPage,
} from '#shared/schemas/reports';
import { appMailer } from '../../alert-mail';
import { placementClaims } from '../../db/schema/claims';
import { liveLinks } from '../../db/schema/live-links';
import { prospects } from '../../db/schema/prospects';
import { reportSends, reportShareLinks } from '../../db/schema/reports';
import { API_V1 } from '../../http/api-version';
import { lastFullPeriod, sendDueReports } from '../../reports/send';
import { createTestApp, signUpUser, testConfig, type TestApp } from '../../testing/app';
import { createManualCampaign } from '../../testing/campaigns';
import { startSmtpServer, type LocalSmtpServer } from '../../testing/mail-servers';
import { shareLinkLimits } from './routes';

let t: TestApp;
let cookie: string;
let otherCookie: string;
let client: Client;
let campaign: Campaign;
let smtp: LocalSmtpServer;

const today = new Date().toISOString().slice(0, 10);
const from = today < '2026-09-01' ? today : '2026-09-01';
const to = today > '2026-11-30' ? today : '2026-11-30';
const range = { clientId: '', from, to };

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
const inject = (method: Method, url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, headers: { cookie: as }, payload });
/** A signed-out visitor from its own address (the share links' rate limit counts per address). */
const visit = (url: string, ip = '203.0.113.10') => t.app.inject({ method: 'GET', url, remoteAddress: ip });

/** The text of a PDF as poppler's pdftotext reads it. */
function pdfText(pdf: Buffer): string {
  const run = spawnSync('/usr/bin/pdftotext', ['-', '-'], { input: pdf });
  if (run.status !== 0) throw new Error(`pdftotext failed: ${String(run.stderr)}`);
  return String(run.stdout).replace(/\s+/g, ' ');
}

async function addPlacement(body: Record<string, unknown>): Promise<Placement> {
  const response = await inject('POST', apiPaths.placements, { clientId: client.id, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Placement>();
}

async function report(query: Record<string, string | number | undefined> = {}, as = cookie) {
  return inject(
    'GET',
    withQuery(apiPaths.reports, { ...range, clientId: client.id, ...query }),
    undefined,
    as,
  );
}

beforeAll(async () => {
  smtp = await startSmtpServer([{ user: 'app', pass: 'app-pass' }]);
  t = await createTestApp({ APP_URL: 'https://reports.example.com' });
  ({ cookie } = await signUpUser(t.app));
  ({ cookie: otherCookie } = await signUpUser(t.app));
  client = (
    await inject('POST', apiPaths.clients, { name: 'Acme Co', reportEmails: ['boss@acme.test'] })
  ).json<Client>();
  campaign = await createManualCampaign(t.app, cookie, { name: 'Acme links', clientId: client.id });

  // The ledger: two EUR and one USD link in range, one out of range, one of nobody's client.
  await addPlacement({
    campaignId: campaign.id,
    pageUrl: 'https://blog-one.com/post',
    targetUrl: 'https://acme.com/',
    anchorText: 'acme shoes',
    liveAt: '2026-10-05',
    priceMinor: 15000,
    currency: 'EUR',
  });
  await addPlacement({
    pageUrl: 'https://blog-two.com/review',
    targetUrl: 'https://acme.com/boots',
    anchorText: '=HYPERLINK("https://evil.test")',
    rel: 'sponsored',
    liveAt: '2026-10-20',
    priceMinor: 25000,
    currency: 'EUR',
  });
  await addPlacement({
    pageUrl: 'https://us-news.com/story',
    targetUrl: 'https://acme.com/us',
    liveAt: '2026-11-03',
    priceMinor: 30000,
    currency: 'USD',
  });
  await addPlacement({
    pageUrl: 'https://old.com/x',
    targetUrl: 'https://acme.com/',
    liveAt: '2026-08-01',
    priceMinor: 99900,
    currency: 'EUR',
  });
  await addPlacement({ clientId: null, pageUrl: 'https://elsewhere.com/', targetUrl: 'https://other.com/' });

  // The funnel: alpha won (its placement opens by itself), beta replied, gamma not contacted.
  const page = (await inject('GET', withId(apiPaths.campaignProspects, campaign.id))).json<ProspectPage>();
  const byWebsite = new Map(page.items.map((p) => [p.website, p]));
  await t.handle.db
    .update(prospects)
    .set({ daScore: 42 })
    .where(eq(prospects.id, byWebsite.get('alpha.com')!.id));
  expect(
    (await inject('PATCH', withId(apiPaths.prospect, byWebsite.get('alpha.com')!.id), { status: 'success' }))
      .statusCode,
  ).toBe(200);
  // The site's DA moves on after the link was placed; the report keeps the one of that day.
  await t.handle.db
    .update(prospects)
    .set({ daScore: 55 })
    .where(eq(prospects.id, byWebsite.get('alpha.com')!.id));
  await t.handle.db
    .update(prospects)
    .set({ status: 'responded', lastContacted: new Date() })
    .where(eq(prospects.id, byWebsite.get('beta.org')!.id));

  // A lost link, and its replacement to the same target page.
  const [lost] = await t.handle.db
    .insert(liveLinks)
    .values({
      workspaceId: await workspaceOf(cookie),
      campaignId: campaign.id,
      url: 'https://acme.com/pricing',
      anchorText: 'acme pricing',
      pageUrl: 'https://lost-blog.com/a',
      status: 'lost',
      lastCheckedAt: new Date(),
    })
    .returning();
  expect((await inject('POST', withId(apiPaths.liveLinkPlacement, lost!.id))).statusCode).toBe(200);
  await addPlacement({
    pageUrl: 'https://new-blog.com/b',
    targetUrl: 'https://acme.com/pricing',
    liveAt: today,
  });
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function workspaceOf(as: string): Promise<string> {
  return (await inject('GET', apiPaths.me, undefined, as)).json<{ workspace: { id: string } }>().workspace.id;
}

describe('the report', () => {
  it('counts the links, lost and replaced, the funnel and the spend per currency of the client and dates', async () => {
    const response = await report();
    expect(response.statusCode, response.body).toBe(200);
    const r = response.json<Report>();
    expect(r.scope).toMatchObject({ kind: 'client', name: 'Acme Co' });
    expect(r.links.map((l) => l.pageUrl).sort()).toEqual(
      [
        'https://alpha.com',
        'https://blog-one.com/post',
        'https://blog-two.com/review',
        'https://lost-blog.com/a',
        'https://new-blog.com/b',
        'https://us-news.com/story',
      ].sort(),
    );
    expect(r.statusCounts).toEqual({ active: 0, suspicious: 0, lost: 1, unmonitored: 5 });
    const alpha = r.links.find((l) => l.pageUrl === 'https://alpha.com')!;
    // The DA of the day the link was recorded, not today's.
    expect(alpha).toMatchObject({ authority: 42, authoritySource: 'at_placement' });
    expect(r.links.find((l) => l.pageUrl === 'https://blog-two.com/review')).toMatchObject({
      rel: 'sponsored',
      liveAt: '2026-10-20',
      status: 'unmonitored',
      priceMinor: 25000,
      currency: 'EUR',
      authority: null,
    });
    expect(r.lost).toEqual([
      expect.objectContaining({
        pageUrl: 'https://lost-blog.com/a',
        targetUrl: 'https://acme.com/pricing',
        replacedBy: expect.objectContaining({ pageUrl: 'https://new-blog.com/b' }),
      }),
    ]);
    expect(r.funnel).toEqual({ prospects: 3, contacted: 2, replied: 2, won: 1, replyRate: 100, winRate: 50 });
    expect(r.money).toEqual({
      lines: [
        { currency: 'EUR', links: 2, spendMinor: 40000, costPerLinkMinor: 20000 },
        { currency: 'USD', links: 1, spendMinor: 30000, costPerLinkMinor: 30000 },
      ],
      unpriced: 3,
    });
    expect(r.linksPerMonth.find((m) => m.month === '2026-10')).toEqual({
      month: '2026-10',
      active: 0,
      suspicious: 0,
      lost: 0,
      unmonitored: 2,
    });
  });

  it('reads a campaign alone, and narrows to the dates', async () => {
    const r = (await report({ clientId: undefined, campaignId: campaign.id })).json<Report>();
    expect(r.scope).toMatchObject({ kind: 'campaign', name: 'Acme links', clientName: 'Acme Co' });
    expect(r.links.map((l) => l.pageUrl).sort()).toEqual(
      ['https://alpha.com', 'https://blog-one.com/post', 'https://lost-blog.com/a'].sort(),
    );
    const october = (await report({ from: '2026-10-01', to: '2026-10-31' })).json<Report>();
    expect(october.links).toHaveLength(2);
    expect(october.money!.lines).toEqual([
      { currency: 'EUR', links: 2, spendMinor: 40000, costPerLinkMinor: 20000 },
    ]);
  });

  it('hides money when asked', async () => {
    const r = (await report({ hideMoney: 'true' })).json<Report>();
    expect(r.money).toBeNull();
    expect(r.links.every((l) => l.priceMinor === null && l.currency === null)).toBe(true);
    const csv = (
      await inject('GET', withQuery(apiPaths.reportCsv, { ...range, clientId: client.id, hideMoney: 'true' }))
    ).body;
    expect(csv.split('\r\n')[0]).not.toContain('price');
  });

  it('refuses a bad scope or dates in words, and gives another workspace 404', async () => {
    const none = await inject('GET', withQuery(apiPaths.reports, { from, to }));
    expect(none.statusCode).toBe(400);
    expect(none.json().error.issues).toEqual([{ path: 'clientId', message: reportMessages.scopeRequired }]);
    const backwards = await report({ from: '2026-12-01', to: '2026-11-01' });
    expect(backwards.json().error.issues).toEqual([{ path: 'to', message: reportMessages.rangeOrder }]);
    expect((await report({}, otherCookie)).statusCode).toBe(404);
    expect(
      (
        await inject(
          'GET',
          withQuery(apiPaths.reportPdf, { ...range, clientId: client.id }),
          undefined,
          otherCookie,
        )
      ).statusCode,
    ).toBe(404);
    const share = await inject(
      'POST',
      apiPaths.reportShareLinks,
      { clientId: client.id, from, to },
      otherCookie,
    );
    expect(share.statusCode).toBe(404);
    const schedule = await inject(
      'POST',
      apiPaths.reportSchedules,
      { clientId: client.id, frequency: 'weekly' },
      otherCookie,
    );
    expect(schedule.statusCode).toBe(404);
  });

  it('writes a PDF of real text with the same figures as the JSON', async () => {
    const json = (await report()).json<Report>();
    const response = await inject('GET', withQuery(apiPaths.reportPdf, { ...range, clientId: client.id }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.rawPayload);
    const figures = reportFigures(json);
    expect(text).toContain(figures.title);
    expect(text).toContain(`Links built: ${json.links.length}`);
    for (const [label, value] of figures.funnel) expect(text).toContain(`${label}: ${value}`);
    for (const m of figures.money!) expect(text).toContain(spendLine(m));
    expect(text).toContain('€400.00');
    expect(text).toContain('$300.00');
    expect(text).toContain('Replaced by: https://new-blog.com/b');
    expect(text).toContain('Made with LinkPilot');
  });

  it('writes a CSV whose cells cannot start a formula', async () => {
    const response = await inject('GET', withQuery(apiPaths.reportCsv, { ...range, clientId: client.id }));
    expect(response.headers['content-type']).toContain('text/csv');
    const rows = Papa.parse<Record<string, string>>(response.body, {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows).toHaveLength(6);
    const risky = rows.find((r) => r.page_url === 'https://blog-two.com/review')!;
    expect(risky.anchor_text).toBe(`'=HYPERLINK("https://evil.test")`);
    expect(risky).toMatchObject({ price: '250.00', currency: 'EUR', status_now: 'Not monitored' });
  });
});

describe('share links', () => {
  let link: ShareLink;

  it('opens signed out, with the placements and the spend, never indexed', async () => {
    const response = await inject('POST', apiPaths.reportShareLinks, {
      clientId: client.id,
      from,
      to,
      expiresInDays: 7,
    });
    expect(response.statusCode, response.body).toBe(201);
    link = response.json<ShareLink>();
    expect(link).toMatchObject({ state: 'active', scopeName: 'Acme Co', hideMoney: false });
    expect(link.url.startsWith('https://reports.example.com/r/')).toBe(true);
    const path = new URL(link.url).pathname;
    const page = await visit(path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.body).toContain('https://blog-one.com/post');
    expect(page.body).toContain('€400.00');
    expect(page.body).toContain('Made with LinkPilot');
    // The anchor is text, never markup.
    expect(page.body).toContain('=HYPERLINK(&quot;https://evil.test&quot;)');

    const pdf = await visit(`${path}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const json = (await report()).json<Report>();
    const text = pdfText(pdf.rawPayload);
    for (const m of reportFigures(json).money!) expect(text).toContain(m.spend);
    expect(text).toContain(`Links built: ${json.links.length}`);
    expect((await visit(`${path}/csv`)).body).toContain('https://us-news.com/story');

    const activity = (await inject('GET', apiPaths.activity)).json<ActivityPage>();
    expect(activity.items.map((a) => a.kind)).toContain('report.shared');
  });

  it('lists share links with a cursor, and hides money on a link that hides it', async () => {
    const hidden = (
      await inject('POST', apiPaths.reportShareLinks, { clientId: client.id, from, to, hideMoney: true })
    ).json<ShareLink>();
    const page = await visit(new URL(hidden.url).pathname);
    expect(page.body).not.toContain('€400.00');
    expect(page.body).not.toContain('Spend');
    const first = (
      await inject('GET', withQuery(apiPaths.reportShareLinks, { pageSize: 1 }))
    ).json<ShareLinkPage>();
    expect(first.items).toHaveLength(1);
    expect(first.items[0]!.id).toBe(hidden.id);
    const second = (
      await inject('GET', withQuery(apiPaths.reportShareLinks, { cursor: first.nextCursor! }))
    ).json<ShareLinkPage>();
    expect(second.items.map((l) => l.id)).toContain(link.id);
    expect(
      (await inject('GET', apiPaths.reportShareLinks, undefined, otherCookie)).json<ShareLinkPage>().items,
    ).toEqual([]);
  });

  it('fails with a clear page when tampered with, revoked or expired', async () => {
    const path = new URL(link.url).pathname;
    const tampered = await visit(`${path.slice(0, -2)}xx`);
    expect(tampered.statusCode).toBe(404);
    expect(tampered.body).toContain(reportMessages.linkInvalid.replace('’', '&#39;').slice(0, 20));
    expect(tampered.headers['x-robots-tag']).toBe('noindex, nofollow');

    expect(
      (await inject('DELETE', withId(apiPaths.reportShareLink, link.id), undefined, otherCookie)).statusCode,
    ).toBe(404);
    expect((await inject('DELETE', withId(apiPaths.reportShareLink, link.id))).statusCode).toBe(200);
    const revoked = await visit(path);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.body).toContain('This report link was revoked');
    expect((await visit(`${path}/pdf`)).statusCode).toBe(410);
    const activity = (await inject('GET', apiPaths.activity)).json<ActivityPage>();
    expect(activity.items.map((a) => a.kind)).toContain('report.share_revoked');

    const other = (
      await inject('POST', apiPaths.reportShareLinks, { clientId: client.id, from, to })
    ).json<ShareLink>();
    await t.handle.db
      .update(reportShareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reportShareLinks.id, other.id));
    const expired = await visit(new URL(other.url).pathname);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This report link has expired');
  });

  it('is rate-limited per address', async () => {
    const path = '/r/not-a-token';
    for (let i = 0; i < shareLinkLimits.perIpPerMinute; i++)
      expect((await visit(path, '198.51.100.7')).statusCode).toBe(404);
    const refused = await visit(path, '198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.body).toContain('Too many requests');
    expect((await visit(path, '198.51.100.8')).statusCode).toBe(404);
  });
});

describe('white label', () => {
  it('hides LinkPilot from shared reports and PDFs when the workspace chooses so', async () => {
    const saved = await inject('PUT', apiPaths.reportBranding, {
      agencyName: 'Northwind SEO',
      accentColor: '#0EA5E9',
      footer: 'Northwind SEO · hello@northwind.test',
      hideLinkPilot: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ accentColor: '#0ea5e9', hideLinkPilot: true });
    const bad = await inject('PUT', apiPaths.reportBranding, { accentColor: 'blue' });
    expect(bad.json().error.issues).toEqual([{ path: 'accentColor', message: reportMessages.invalidColor }]);

    const link = (
      await inject('POST', apiPaths.reportShareLinks, { clientId: client.id, from, to })
    ).json<ShareLink>();
    const page = await visit(new URL(link.url).pathname, '203.0.113.20');
    expect(page.body).toContain('Northwind SEO');
    expect(page.body).toContain('#0ea5e9');
    expect(page.body.toLowerCase()).not.toContain('linkpilot');
    const pdf = await visit(`${new URL(link.url).pathname}/pdf`, '203.0.113.20');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Northwind SEO');
    expect(text.toLowerCase()).not.toContain('linkpilot');
    expect(pdf.rawPayload.toString('latin1').toLowerCase()).not.toContain('linkpilot');
    // Another workspace keeps its own (default) branding.
    expect((await inject('GET', apiPaths.reportBranding, undefined, otherCookie)).json()).toMatchObject({
      agencyName: '',
      hideLinkPilot: false,
    });
    const activity = (await inject('GET', apiPaths.activity)).json<ActivityPage>();
    expect(activity.items.map((a) => a.kind)).toContain('report.branding_changed');
  });
});

describe('the PDF’s logo', () => {
  it('draws the white label’s logo, stored as WebP, into the PDF, and none once it is removed', async () => {
    const png = await sharp({
      create: { width: 240, height: 80, channels: 3, background: { r: 14, g: 165, b: 233 } },
    })
      .png()
      .toBuffer();
    const boundary = 'LogoBoundary';
    const uploaded = await t.app.inject({
      method: 'POST',
      url: apiPaths.reportBrandingLogo,
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json<{ logoUrl: string }>().logoUrl).toMatch(/^\/uploads\/.+\.webp$/);
    const pdfUrl = withQuery(apiPaths.reportPdf, { ...range, clientId: client.id });
    // pdfimages (poppler-utils) reads files only: each PDF goes through a temporary one.
    const images = (pdf: Buffer) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'report-pdf-'));
      writeFileSync(path.join(dir, 'report.pdf'), pdf);
      const listed = spawnSync('/usr/bin/pdfimages', ['-list', path.join(dir, 'report.pdf')]);
      rmSync(dir, { recursive: true });
      return listed.stdout
        .toString()
        .split('\n')
        .filter((line) => /^\s*1\s+\d+\s+image/.test(line));
    };
    const withLogo = await inject('GET', pdfUrl);
    expect(withLogo.statusCode).toBe(200);
    // One image on page 1: the logo at its own 240 × 80 px (never enlarged to the 128 px it may reach).
    expect(images(withLogo.rawPayload)).toEqual([expect.stringMatching(/^\s*1\s+\d+\s+image\s+240\s+80\s/)]);
    expect((await inject('DELETE', apiPaths.reportBrandingLogo)).statusCode).toBe(200);
    expect(images((await inject('GET', pdfUrl)).rawPayload)).toEqual([]);
  });
});

describe('schedules', () => {
  it('emails the PDF once per period to the client’s addresses, not again after a crash or a retry', async () => {
    const created = await inject('POST', apiPaths.reportSchedules, {
      clientId: client.id,
      frequency: 'monthly',
    });
    expect(created.statusCode, created.body).toBe(201);
    const schedule = created.json<Schedule>();
    expect(schedule).toMatchObject({ recipients: ['boss@acme.test'], lastSentPeriod: null });

    const config = testConfig({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_SECURITY: 'none',
      SMTP_USER: 'app',
      SMTP_PASSWORD: 'app-pass',
      SMTP_FROM: 'Reports <reports@agency.test>',
    });
    const mail = appMailer(config)!;
    const now = new Date('2026-12-02T08:00:00Z');
    const { period, from: periodFrom, to: periodTo } = lastFullPeriod('monthly', now);
    expect({ period, periodFrom, periodTo }).toEqual({
      period: '2026-11',
      periodFrom: '2026-11-01',
      periodTo: '2026-11-30',
    });

    // The first run dies after the SMTP server took the mail, before it recorded the send.
    const crashed = sendDueReports(
      t.handle.db,
      async (m) => {
        await mail(m);
        await new Promise(() => undefined);
      },
      now,
    );
    void crashed;
    const [message] = await smtp.waitFor(1, 20_000);
    expect(message!.to).toEqual(['boss@acme.test']);
    expect(message!.parsed.subject).toBe('Link report: Acme Co, 2026-11-01 to 2026-11-30');
    expect(message!.parsed.from?.text).toContain('Northwind SEO');
    expect(message!.raw.toLowerCase()).not.toContain('linkpilot');
    const attachment = message!.parsed.attachments[0]!;
    expect(attachment.contentType).toBe('application/pdf');
    const november = await buildJson({ from: periodFrom, to: periodTo });
    const text = pdfText(attachment.content);
    expect(text).toContain(`Links built: ${november.links.length}`);
    for (const m of reportFigures(november).money!) expect(text).toContain(m.spend);

    // The retry (and any later run in the same period) sends nothing.
    const retry = await sendDueReports(t.handle.db, mail, now);
    expect(retry.sent).toEqual([]);
    expect(smtp.messages).toHaveLength(1);

    // The next period goes out once, recorded as sent.
    const december = await sendDueReports(t.handle.db, mail, new Date('2027-01-03T08:00:00Z'));
    expect(december.sent).toEqual([
      { scheduleId: schedule.id, period: '2026-12', recipients: ['boss@acme.test'] },
    ]);
    expect((await sendDueReports(t.handle.db, mail, new Date('2027-01-20T08:00:00Z'))).sent).toEqual([]);
    expect(smtp.messages).toHaveLength(2);
    const listed = (await inject('GET', apiPaths.reportSchedules)).json<SchedulePage>();
    expect(listed.items[0]).toMatchObject({ id: schedule.id, lastSentPeriod: '2026-12' });
    const activity = (await inject('GET', apiPaths.activity)).json<ActivityPage>();
    expect(activity.items.map((a) => a.kind)).toEqual(
      expect.arrayContaining(['report.sent', 'report.scheduled']),
    );
  });

  it('gives the period back when the SMTP server refuses the mail, and sends it on the next run', async () => {
    const weekly = (
      await inject('POST', apiPaths.reportSchedules, { campaignId: campaign.id, frequency: 'weekly' })
    ).json<Schedule>();
    const mail = appMailer(
      testConfig({
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SMTP_SECURITY: 'none',
        SMTP_USER: 'app',
        SMTP_PASSWORD: 'app-pass',
      }),
    )!;
    const now = new Date('2027-02-10T08:00:00Z');
    smtp.rejectRecipient('boss@acme.test', 550);
    const refused = await sendDueReports(t.handle.db, mail, now);
    expect(refused.failed.map((f) => f.scheduleId)).toContain(weekly.id);
    expect(await t.handle.db.select().from(reportSends).where(eq(reportSends.scheduleId, weekly.id))).toEqual(
      [],
    );
    smtp.rejectRecipient('boss@acme.test', 0);
    const before = smtp.messages.length;
    const run = await sendDueReports(t.handle.db, mail, now);
    expect(run.sent.map((s) => s.scheduleId)).toContain(weekly.id);
    expect(smtp.messages.length).toBeGreaterThan(before);

    expect(
      (await inject('DELETE', withId(apiPaths.reportSchedule, weekly.id), undefined, otherCookie)).statusCode,
    ).toBe(404);
    expect((await inject('DELETE', withId(apiPaths.reportSchedule, weekly.id))).statusCode).toBe(200);
    const activity = (await inject('GET', apiPaths.activity)).json<ActivityPage>();
    expect(activity.items.map((a) => a.kind)).toContain('report.unscheduled');
  });
});

describe('public API', () => {
  it('reads the report and makes share links with an API key', async () => {
    const key = (
      await inject('POST', apiPaths.apiKeys, { name: 'Reports', scopes: ['read', 'write'] })
    ).json<CreatedApiKey>();
    const withKey = (method: Method, url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `${API_V1}${url.slice('/api'.length)}`,
        headers: { authorization: `Bearer ${key.secret}` },
        payload,
      });
    const r = await withKey('GET', withQuery(apiPaths.reports, { ...range, clientId: client.id }));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<Report>().links).toHaveLength(6);
    const share = await withKey('POST', apiPaths.reportShareLinks, { clientId: client.id, from, to });
    expect(share.statusCode).toBe(201);
    expect((await withKey('GET', apiPaths.reportShareLinks)).statusCode).toBe(200);
    // The white label is the dashboard's, not the scripts'.
    expect((await withKey('PUT', apiPaths.reportBranding, { accentColor: '#000000' })).statusCode).toBe(403);
  });
});

describe('replacements recorded by claims', () => {
  it('lists a placement whose claim was resolved as replaced, with the claim’s replacement', async () => {
    const claimed = await addPlacement({
      pageUrl: 'https://claimed.com/p',
      targetUrl: 'https://acme.com/claimed',
      liveAt: '2026-10-05',
    });
    // A different target: no later placement to the same page could be taken for the replacement.
    const swap = await addPlacement({
      pageUrl: 'https://swap.com/q',
      targetUrl: 'https://acme.com/other',
      liveAt: '2026-10-06',
    });
    await t.handle.db.insert(placementClaims).values({
      workspaceId: await workspaceOf(cookie),
      placementId: claimed.id,
      status: 'replaced',
      issues: ['rel-changed'],
      replacementPlacementId: swap.id,
      openedAt: new Date(),
      resolvedAt: new Date(),
    });
    try {
      const r = (await report()).json<Report>();
      expect(r.lost).toContainEqual(
        expect.objectContaining({
          pageUrl: 'https://claimed.com/p',
          replacedBy: expect.objectContaining({ placementId: swap.id, pageUrl: 'https://swap.com/q' }),
        }),
      );
      // The monitored lost link keeps its inferred replacement.
      expect(r.lost).toContainEqual(
        expect.objectContaining({
          pageUrl: 'https://lost-blog.com/a',
          replacedBy: expect.objectContaining({ pageUrl: 'https://new-blog.com/b' }),
        }),
      );
    } finally {
      for (const p of [claimed, swap]) await inject('DELETE', withId(apiPaths.placement, p.id));
    }
  });
});

async function buildJson(dates: { from: string; to: string }): Promise<Report> {
  return (await report(dates)).json<Report>();
}
