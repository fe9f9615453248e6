import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_V1 } from '../../http/api-version';
import { apiPaths, withId, withQuery } from '../../../shared/paths';
import type { ActivityPage } from '../../../shared/schemas/activity';
import type { CreatedApiKey } from '../../../shared/schemas/api-keys';
import type { Campaign } from '../../../shared/schemas/campaigns';
import type { ProspectPage as ProspectPageLike } from '../../../shared/schemas/prospects';
import { clientMessages, type Client, type ClientPage } from '../../../shared/schemas/clients';
import {
  placementCsvColumns,
  placementMessages,
  type Placement,
  type PlacementImportResult,
  type PlacementPage,
  type PlacementTotals,
} from '../../../shared/schemas/placements';
import { webhookEndpoints, webhookDeliveries } from '../../db/schema/webhooks';
import { domainMetrics } from '../../db/schema/backlink-imports';
import { placements } from '../../db/schema/placements';
import type { Report } from '../../../shared/schemas/reports';
import { eq } from 'drizzle-orm';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { createManualCampaign } from '../../testing/campaigns';
import { placementCsvMessages } from './csv';
import { PUBLIC_WEBSITE_MESSAGE } from '../../../shared/public-host';

let t: TestApp;
let cookie: string;
let otherCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUpUser(t.app));
  ({ cookie: otherCookie } = await signUpUser(t.app));
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
const inject = (method: Method, url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, headers: { cookie: as }, payload });

async function addClient(name: string, as = cookie): Promise<Client> {
  const response = await inject(
    'POST',
    apiPaths.clients,
    { name, domains: ['https://www.Acme.com/x', 'acme.com'] },
    as,
  );
  expect(response.statusCode).toBe(201);
  return response.json<Client>();
}

/** Marks the campaign's first prospect Success and answers its placement. */
async function winFirstProspect(campaign: Campaign): Promise<Placement> {
  const prospects = (
    await inject('GET', withId(apiPaths.campaignProspects, campaign.id))
  ).json<ProspectPageLike>();
  const prospect = prospects.items.find((p) => p.website === 'alpha.com')!;
  expect(
    (await inject('PATCH', withId(apiPaths.prospect, prospect.id), { status: 'success' })).statusCode,
  ).toBe(200);
  const page = (
    await inject('GET', withQuery(apiPaths.placements, { prospectId: prospect.id }))
  ).json<PlacementPage>();
  expect(page.items).toHaveLength(1);
  return page.items[0]!;
}

describe('clients', () => {
  it('adds a client with its domains as host names, lists by name and refuses bad input in words', async () => {
    const client = await addClient('Zeta Shoes');
    expect(client).toMatchObject({
      name: 'Zeta Shoes',
      domains: ['acme.com'],
      logoUrl: null,
      campaignCount: 0,
    });
    await addClient('Alpha Bikes');
    const page = (await inject('GET', apiPaths.clients)).json<ClientPage>();
    expect(page.items.map((c) => c.name)).toEqual(['Alpha Bikes', 'Zeta Shoes']);
    const bad = await inject('POST', apiPaths.clients, {
      name: ' ',
      domains: ['not a domain'],
      reportEmails: ['x'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: clientMessages.nameRequired },
        { path: 'domains.0', message: clientMessages.invalidDomain },
        { path: 'reportEmails.0', message: clientMessages.invalidEmail },
      ]),
    );
  });

  it('gives another workspace 404 for a client, and refuses its client on a campaign', async () => {
    const client = await addClient('Private');
    for (const [method, url] of [
      ['GET', withId(apiPaths.client, client.id)],
      ['PATCH', withId(apiPaths.client, client.id)],
      ['DELETE', withId(apiPaths.client, client.id)],
    ] as const)
      expect(
        (await inject(method, url, method === 'PATCH' ? { name: 'Mine' } : undefined, otherCookie))
          .statusCode,
      ).toBe(404);
    const response = await inject(
      'POST',
      apiPaths.campaigns,
      {
        type: 'manual',
        name: 'X',
        websiteUrl: 'https://mysite.com',
        competitors: [],
        prospects: [{ website: 'a.com' }],
        clientId: client.id,
      },
      otherCookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([{ path: 'clientId', message: clientMessages.notFound }]);
  });

  it('filters the campaign list by client and none', async () => {
    const client = await addClient('Filter Co');
    const mine = await createManualCampaign(t.app, cookie, { name: 'Of Filter Co', clientId: client.id });
    expect(mine).toMatchObject({ clientId: client.id, clientName: 'Filter Co' });
    expect((await inject('GET', withId(apiPaths.client, client.id))).json<Client>().campaignCount).toBe(1);
    await createManualCampaign(t.app, cookie, { name: 'Of nobody' });
    const of = (await inject('GET', withQuery(apiPaths.campaigns, { clientId: client.id }))).json<{
      items: Campaign[];
    }>();
    expect(of.items.map((c) => c.name)).toEqual(['Of Filter Co']);
    const none = (await inject('GET', withQuery(apiPaths.campaigns, { clientId: 'none' }))).json<{
      items: Campaign[];
    }>();
    expect(none.items.map((c) => c.name)).toContain('Of nobody');
    expect(none.items.map((c) => c.name)).not.toContain('Of Filter Co');
  });
});

describe('placements', () => {
  it('opens a placement when a prospect is marked Success, once, with its campaign, client and thread links', async () => {
    const client = await addClient('Won Co');
    const campaign = await createManualCampaign(t.app, cookie, { name: 'Won', clientId: client.id });
    const placement = await winFirstProspect(campaign);
    expect(placement).toMatchObject({
      source: 'prospect',
      campaignId: campaign.id,
      campaignName: 'Won',
      clientId: client.id,
      clientName: 'Won Co',
      prospectWebsite: 'alpha.com',
      pageUrl: 'https://alpha.com',
      targetUrl: 'https://mysite.com',
      rel: 'dofollow',
      priceMinor: null,
      paymentStatus: 'unpaid',
      warrantyMonths: null,
    });
    expect(placement.liveAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Sent and Success again: still one placement.
    const url = withId(apiPaths.prospect, placement.prospectId!);
    await inject('PATCH', url, { status: 'sent' });
    await inject('PATCH', url, { status: 'success' });
    const page = (
      await inject('GET', withQuery(apiPaths.placements, { campaignId: campaign.id }))
    ).json<PlacementPage>();
    expect(page.items).toHaveLength(1);
    const log = (
      await inject('GET', withQuery(apiPaths.activity, { kind: 'placement.created' }))
    ).json<ActivityPage>();
    expect(log.items.some((e) => e.subject === 'https://alpha.com')).toBe(true);
  });

  it("moves a campaign's placements with its client, and renames and deletes clients and placements", async () => {
    const before = await addClient('Before Co');
    const after = await addClient('After Co');
    const campaign = await createManualCampaign(t.app, cookie, { name: 'Moving', clientId: before.id });
    const placement = await winFirstProspect(campaign);
    expect(placement.clientId).toBe(before.id);

    const moved = await inject('PATCH', withId(apiPaths.campaign, campaign.id), { clientId: after.id });
    expect(moved.json<Campaign>()).toMatchObject({ clientId: after.id, clientName: 'After Co' });
    const followed = (await inject('GET', withId(apiPaths.placement, placement.id))).json<Placement>();
    expect(followed).toMatchObject({ clientId: after.id, clientName: 'After Co' });
    const log = (
      await inject('GET', withQuery(apiPaths.activity, { kind: 'campaign.updated', campaignId: campaign.id }))
    ).json<ActivityPage>();
    expect(log.items[0]).toMatchObject({ subject: 'Moving', details: { changed: 'client' } });

    const renamed = await inject('PATCH', withId(apiPaths.client, after.id), { name: 'After Ltd' });
    expect(renamed.json<Client>().name).toBe('After Ltd');
    expect((await inject('DELETE', withId(apiPaths.client, after.id))).statusCode).toBe(200);
    // The placement stays, without a client; deleting it leaves the ledger without it.
    const orphan = (await inject('GET', withId(apiPaths.placement, placement.id))).json<Placement>();
    expect(orphan.clientId).toBeNull();
    expect((await inject('DELETE', withId(apiPaths.placement, placement.id))).statusCode).toBe(200);
    expect((await inject('GET', withId(apiPaths.placement, placement.id))).statusCode).toBe(404);
    const deleted = (
      await inject('GET', withQuery(apiPaths.activity, { kind: 'client.deleted' }))
    ).json<ActivityPage>();
    expect(deleted.items.map((e) => e.subject)).toContain('After Ltd');
  });

  it('refuses a page or target on this machine or a private network, in words', async () => {
    for (const [field, url] of [
      ['pageUrl', 'http://127.0.0.1/post'],
      ['pageUrl', 'http://[::1]/post'],
      ['targetUrl', 'http://localhost./'],
      ['targetUrl', 'http://10.0.0.7/'],
    ] as const) {
      const response = await inject('POST', apiPaths.placements, {
        pageUrl: 'https://blog.example.com/post',
        targetUrl: 'https://mysite.com',
        [field]: url,
      });
      expect([url, response.statusCode]).toEqual([url, 400]);
      expect(response.json().error.issues).toEqual([{ path: field, message: PUBLIC_WEBSITE_MESSAGE }]);
    }
  });

  it('takes a price, a currency and a 12-month warranty, and refuses a price without a real currency', async () => {
    const campaign = await createManualCampaign(t.app, cookie, { name: 'Priced' });
    const placement = await winFirstProspect(campaign);
    const url = withId(apiPaths.placement, placement.id);
    const noCurrency = await inject('PATCH', url, { priceMinor: 15000 });
    expect(noCurrency.statusCode).toBe(400);
    expect(noCurrency.json().error.issues).toEqual([
      { path: 'currency', message: placementMessages.currencyRequired },
    ]);
    const fake = await inject('PATCH', url, { priceMinor: 15000, currency: 'XXY' });
    expect(fake.json().error.issues).toEqual([
      { path: 'currency', message: placementMessages.invalidCurrency },
    ]);
    const fraction = await inject('PATCH', url, { priceMinor: 150.5, currency: 'EUR' });
    expect(fraction.json().error.issues).toEqual([
      { path: 'priceMinor', message: placementMessages.invalidPrice },
    ]);
    const saved = await inject('PATCH', url, {
      priceMinor: 15000,
      currency: 'eur',
      warrantyMonths: 12,
      liveAt: '2026-01-31',
      paymentStatus: 'paid',
      paidAt: '2026-02-02',
      invoiceNumber: 'INV-7',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Placement>()).toMatchObject({
      priceMinor: 15000,
      currency: 'EUR',
      warrantyMonths: 12,
      // A month after the 31st ends on the month's last day.
      warrantyEndsOn: '2027-01-31',
      paymentStatus: 'paid',
    });
    // Dropping the price drops its currency.
    expect((await inject('PATCH', url, { priceMinor: null })).json<Placement>()).toMatchObject({
      priceMinor: null,
      currency: null,
    });
  });

  it('totals spend and cost per link per client and currency, never across currencies, without refunds', async () => {
    const client = await addClient('Totals Co');
    const add = (body: object) =>
      inject('POST', apiPaths.placements, {
        clientId: client.id,
        pageUrl: 'https://blog.example.com/p',
        targetUrl: 'https://mysite.com',
        ...body,
      });
    expect((await add({ priceMinor: 10000, currency: 'EUR', liveAt: '2026-03-05' })).statusCode).toBe(201);
    await add({ priceMinor: 20001, currency: 'EUR', liveAt: '2026-04-05' });
    await add({ priceMinor: 5000, currency: 'USD', liveAt: '2026-04-06' });
    await add({ priceMinor: 99999, currency: 'EUR', paymentStatus: 'refunded', liveAt: '2026-04-07' });
    await add({});
    const totals = (
      await inject('GET', withQuery(apiPaths.placementTotals, { clientId: client.id, groupBy: 'client' }))
    ).json<PlacementTotals>();
    expect(totals).toEqual({
      lines: [
        {
          key: client.id,
          label: 'Totals Co',
          currency: 'EUR',
          links: 2,
          spendMinor: 30001,
          costPerLinkMinor: 15001,
        },
        {
          key: client.id,
          label: 'Totals Co',
          currency: 'USD',
          links: 1,
          spendMinor: 5000,
          costPerLinkMinor: 5000,
        },
      ],
      unpriced: 1,
    });
    const months = (
      await inject('GET', withQuery(apiPaths.placementTotals, { clientId: client.id, groupBy: 'month' }))
    ).json<PlacementTotals>();
    expect(months.lines.map((l) => [l.key, l.currency, l.spendMinor])).toEqual([
      ['2026-04', 'EUR', 20001],
      ['2026-04', 'USD', 5000],
      ['2026-03', 'EUR', 10000],
    ]);
  });

  it('pages with a cursor, filters by payment status, and gives another workspace 404', async () => {
    const client = await addClient('Paging Co');
    for (let i = 0; i < 3; i++)
      await inject('POST', apiPaths.placements, {
        clientId: client.id,
        pageUrl: `https://p${i}.example.com`,
        targetUrl: 'https://mysite.com',
        liveAt: `2026-05-0${i + 1}`,
      });
    const first = (
      await inject('GET', withQuery(apiPaths.placements, { clientId: client.id, pageSize: 2 }))
    ).json<PlacementPage>();
    expect(first.items.map((p) => p.pageUrl)).toEqual(['https://p2.example.com', 'https://p1.example.com']);
    const second = (
      await inject('GET', withQuery(apiPaths.placements, { clientId: client.id, cursor: first.nextCursor! }))
    ).json<PlacementPage>();
    expect(second.items.map((p) => p.pageUrl)).toEqual(['https://p0.example.com']);
    expect(second.nextCursor).toBeNull();
    const paid = (
      await inject('GET', withQuery(apiPaths.placements, { clientId: client.id, paymentStatus: 'paid' }))
    ).json<PlacementPage>();
    expect(paid.items).toEqual([]);

    const id = first.items[0]!.id;
    for (const [method, url] of [
      ['GET', withId(apiPaths.placement, id)],
      ['PATCH', withId(apiPaths.placement, id)],
      ['DELETE', withId(apiPaths.placement, id)],
      ['GET', withId(apiPaths.placementInvoice, id)],
    ] as const)
      expect(
        (await inject(method, url, method === 'PATCH' ? { notes: 'x' } : undefined, otherCookie)).statusCode,
      ).toBe(404);
    const theirs = (
      await inject('GET', withQuery(apiPaths.placements, { clientId: client.id }), undefined, otherCookie)
    ).json<PlacementPage>();
    expect(theirs.items).toEqual([]);
  });

  it('keeps an invoice file (PDF or image only, one part) and serves it back', async () => {
    const created = (
      await inject('POST', apiPaths.placements, {
        pageUrl: 'https://inv.example.com',
        targetUrl: 'https://mysite.com',
      })
    ).json<Placement>();
    const url = withId(apiPaths.placementInvoice, created.id);
    const upload = (body: Buffer, filename: string) => {
      const boundary = 'XyZ';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        body,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'PUT',
        url,
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    const notPdf = await upload(Buffer.from('<html>hi</html>'), 'invoice.pdf');
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().error.message).toBe(placementMessages.invoiceOnly);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const saved = await upload(pdf, 'inv-7.pdf');
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Placement>().invoice).toEqual({
      fileName: 'inv-7.pdf',
      contentType: 'application/pdf',
      bytes: pdf.length,
    });
    const back = await inject('GET', url);
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(pdf)).toBe(true);
    expect(back.headers['content-disposition']).toContain('inv-7.pdf');
  });

  it('exports CSV without formulas and imports it back; a bad file adds nothing and names each row', async () => {
    const client = await addClient('Csv Co');
    await inject('POST', apiPaths.placements, {
      clientId: client.id,
      pageUrl: 'https://csv.example.com/post',
      targetUrl: 'https://mysite.com',
      anchorText: '=HYPERLINK("http://x")',
      priceMinor: 12550,
      currency: 'EUR',
      warrantyMonths: 6,
    });
    const exported = await inject('GET', withQuery(apiPaths.placementsExport, { clientId: client.id }));
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    const rows = Papa.parse<string[]>(exported.body.trimEnd(), { newline: '\r\n' }).data;
    expect(rows[0]).toEqual([...placementCsvColumns]);
    expect(rows[1]!.slice(0, 7)).toEqual([
      'https://csv.example.com/post',
      'https://mysite.com',
      `'=HYPERLINK("http://x")`,
      'dofollow',
      '',
      '125.50',
      'EUR',
    ]);
    expect(rows[1]![11]).toBe('Csv Co');

    // The same file imports back: the anchor reads as written, the price as minor units.
    const imported = (
      await inject('POST', apiPaths.placementsImport, { csv: exported.body })
    ).json<PlacementImportResult>();
    expect(imported).toEqual({ imported: 1, errors: [] });
    const page = (
      await inject('GET', withQuery(apiPaths.placements, { clientId: client.id }))
    ).json<PlacementPage>();
    expect(page.items.map((p) => [p.anchorText, p.priceMinor, p.currency, p.warrantyMonths])).toEqual([
      ['=HYPERLINK("http://x")', 12550, 'EUR', 6],
      ['=HYPERLINK("http://x")', 12550, 'EUR', 6],
    ]);

    const bad = [
      'page_url,target_url,price,currency,client,rel',
      'https://ok.example.com,https://mysite.com,10,EUR,Csv Co,dofollow',
      ',https://mysite.com,10,EUR,,',
      'https://x.example.com,https://mysite.com,10.555,EUR,Nobody,maybe',
    ].join('\n');
    const result = (
      await inject('POST', apiPaths.placementsImport, { csv: bad })
    ).json<PlacementImportResult>();
    expect(result.imported).toBe(0);
    expect(result.errors).toEqual([
      { row: 3, messages: [`page_url: ${placementMessages.pageUrlRequired}`] },
      {
        row: 4,
        messages: [
          placementCsvMessages.badPrice,
          placementCsvMessages.unknownClient('Nobody'),
          `rel: ${placementMessages.invalidRel}`,
        ],
      },
    ]);
    const after = (
      await inject('GET', withQuery(apiPaths.placements, { clientId: client.id }))
    ).json<PlacementPage>();
    expect(after.total).toBe(2);
  });

  it('works in the public API with a key, announces placement.created and placement.changed to webhooks', async () => {
    const key = (
      await inject('POST', apiPaths.apiKeys, { name: 'Ledger', scopes: ['read', 'write'] })
    ).json<CreatedApiKey>();
    const withKey = (method: Method, url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `${API_V1}${url.slice('/api'.length)}`,
        headers: { authorization: `Bearer ${key.secret}` },
        payload,
      });
    const me = (await inject('GET', apiPaths.me)).json<{ workspace: { id: string } }>();
    await t.handle.db.insert(webhookEndpoints).values({
      workspaceId: me.workspace.id,
      url: 'https://hooks.example.com/x',
      events: ['placement.created', 'placement.changed'],
      secretEncrypted: 'v1.unused',
    });
    const client = await withKey('POST', apiPaths.clients, { name: 'Api Co' });
    expect(client.statusCode).toBe(201);
    const created = await withKey('POST', apiPaths.placements, {
      clientId: client.json<Client>().id,
      pageUrl: 'https://api.example.com',
      targetUrl: 'https://mysite.com',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<Placement>().id;
    expect(
      (await withKey('PATCH', withId(apiPaths.placement, id), { priceMinor: 300, currency: 'JPY' }))
        .statusCode,
    ).toBe(200);
    expect((await withKey('GET', apiPaths.placements)).statusCode).toBe(200);
    expect((await withKey('GET', apiPaths.clients)).statusCode).toBe(200);
    const deliveries = await t.handle.db
      .select({ type: webhookDeliveries.eventType, payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.workspaceId, me.workspace.id));
    const ours = deliveries.filter(
      (d) => (d.payload as { data: { placementId?: string } }).data.placementId === id,
    );
    expect(ours.map((d) => d.type).sort()).toEqual(['placement.changed', 'placement.created']);
    const changed = ours.find((d) => d.type === 'placement.changed')!.payload as {
      data: { changed: string[]; priceMinor: number };
    };
    expect(changed.data).toMatchObject({ changed: ['priceMinor', 'currency'], priceMinor: 300 });
  });
});

describe('metrics at live', () => {
  const workspaceOf = async (placementId: string) =>
    (await t.handle.db.select().from(placements).where(eq(placements.id, placementId)))[0]!.workspaceId;
  const setMetric = (
    workspaceId: string,
    metric: string,
    source: string,
    value: number,
    measuredOn: string,
  ) =>
    t.handle.db
      .insert(domainMetrics)
      .values({ workspaceId, domain: 'ridersguide.com', metric, source, value, measuredOn })
      .onConflictDoUpdate({
        target: [domainMetrics.workspaceId, domainMetrics.domain, domainMetrics.source, domainMetrics.metric],
        set: { value, measuredOn },
      });

  it('keeps the site’s DR and DA of the day it went live, with source and date, in the report too', async () => {
    const client = await addClient('Riders');
    const add = async (body: Record<string, unknown>, as = cookie) => {
      const response = await inject(
        'POST',
        apiPaths.placements,
        { pageUrl: 'https://www.ridersguide.com/best-bikes', targetUrl: 'https://mysite.com', ...body },
        as,
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Placement>();
    };
    // Not live yet: nothing recorded. The workspace's metrics then arrive (an import).
    const pending = await add({ clientId: client.id });
    expect(pending.metricsAtLive).toBeNull();
    const workspaceId = await workspaceOf(pending.id);
    await setMetric(workspaceId, 'dr', 'ahrefs', 45, '2026-11-01');
    await setMetric(workspaceId, 'da', 'moz', 30, '2026-10-20');
    // Another workspace's metrics of the same site never reach this one's placements.
    const theirs = await add({ liveAt: '2026-11-02' }, otherCookie);
    await setMetric(await workspaceOf(theirs.id), 'dr', 'ahrefs', 99, '2026-11-01');

    const today = new Date().toISOString().slice(0, 10);
    const expected = {
      domain: 'ridersguide.com',
      recordedOn: today,
      values: [
        { metric: 'da', source: 'moz', value: 30, measuredOn: '2026-10-20' },
        { metric: 'dr', source: 'ahrefs', value: 45, measuredOn: '2026-11-01' },
      ],
    };
    const live = await add({ clientId: client.id, liveAt: '2026-11-02' });
    expect(live.metricsAtLive).toEqual(expected);
    // Given its date live later: recorded then.
    const patched = await inject('PATCH', withId(apiPaths.placement, pending.id), { liveAt: '2026-11-03' });
    expect(patched.json<Placement>().metricsAtLive).toEqual(expected);

    // The site's DR moves on; the placements keep the one they went live with, through later edits.
    await setMetric(workspaceId, 'dr', 'ahrefs', 60, '2026-12-01');
    const edited = await inject('PATCH', withId(apiPaths.placement, live.id), {
      notes: 'paid late',
      liveAt: '2026-11-04',
    });
    expect(edited.json<Placement>().metricsAtLive).toEqual(expected);
    const otherView = (
      await inject('GET', withId(apiPaths.placement, theirs.id), undefined, otherCookie)
    ).json<Placement>();
    expect(otherView.metricsAtLive?.values).toEqual([]);

    const report = await inject(
      'GET',
      withQuery(apiPaths.reports, { from: '2026-11-01', to: '2026-11-30', clientId: client.id }),
    );
    expect(report.statusCode).toBe(200);
    expect(report.json<Report>().links.map((l) => l.drAtPlacement)).toEqual([
      { value: 45, measuredOn: '2026-11-01' },
      { value: 45, measuredOn: '2026-11-01' },
    ]);
    const csv = await inject(
      'GET',
      withQuery(apiPaths.reportCsv, { from: '2026-11-01', to: '2026-11-30', clientId: client.id }),
    );
    const [header, first] = Papa.parse<string[]>(csv.body.trimEnd(), { newline: '\r\n' }).data;
    expect(first![header!.indexOf('dr_at_placement')]).toBe('45');
    expect(first![header!.indexOf('dr_measured_on')]).toBe('2026-11-01');
  });
});
