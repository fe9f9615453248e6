import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../../shared/paths';
import type { Campaign, CampaignDetail } from '../../../shared/schemas/campaigns';
import { discoveryMessages, type DiscoveryRun } from '../../../shared/schemas/discovery';
import type { ProspectPage } from '../../../shared/schemas/prospects';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { bicycleWeb, fixturePage } from '../../testing/fixture-sites';
import { startFixtureWeb, type FixtureWeb } from '../../testing/fixture-web';

/** API of a campaign's prospect discovery: start, poll, cancel, conflicts and other users' campaigns. */
let t: TestApp;
let fixture: FixtureWeb;
let cookie: string;

beforeAll(async () => {
  const web = bicycleWeb();
  // Every page of slow.test answers after 300 ms, so a run there lasts long enough to cancel.
  fixture = await startFixtureWeb((host, path) =>
    host === 'slow.test'
      ? path === '/robots.txt'
        ? undefined
        : { body: fixturePage('Slow', 'Bikes and cycling.'), delayMs: 300 }
      : web[host]?.[path],
  );
  t = await createTestApp(
    { HTTP_PROXY: fixture.proxyUrl, CRAWL_HOST_DELAY_MS: '0', CRAWL_CACHE_HOURS: '0', CRAWL_RETRIES: '0' },
    { jobs: true },
  );
  ({ cookie } = await signUpUser(t.app));
});
afterAll(async () => {
  await t.close();
  await fixture.close();
});

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, as = cookie) =>
  t.app.inject({ method, url, headers: { cookie: as } });

async function aiCampaign(websiteUrl: string, competitors: string[] = []): Promise<Campaign> {
  const response = await t.app.inject({
    method: 'POST',
    url: apiPaths.campaigns,
    headers: { cookie },
    payload: { type: 'ai', name: 'Bikes', websiteUrl, competitors, prospects: 10 },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function statusOf(id: string): Promise<DiscoveryRun | null> {
  const response = await inject('GET', withId(apiPaths.findProspects, id));
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function waitForStatus(id: string, done: (run: DiscoveryRun | null) => boolean) {
  const until = Date.now() + 20_000;
  let run = await statusOf(id);
  while (!done(run) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    run = await statusOf(id);
  }
  return run;
}

describe('find-prospects API', () => {
  it('answers null before the first run, then runs one to completion with the prospects counted once', async () => {
    const campaign = await aiCampaign('http://www.bikeshop.test/', ['rivalbikes.test', 'pedalpro.test']);
    expect(await statusOf(campaign.id)).toBeNull();

    const start = await inject('POST', withId(apiPaths.findProspects, campaign.id));
    expect(start.statusCode).toBe(200);
    expect(start.json()).toEqual({ success: true, message: discoveryMessages.started });

    const run = await waitForStatus(campaign.id, (r) => r?.status === 'completed' || r?.status === 'failed');
    expect(run).toMatchObject({
      status: 'completed',
      progressPercentage: 100,
      prospectsFound: 4,
      error: null,
    });
    expect(run!.pagesCrawled).toBeGreaterThan(0);

    const page = (await inject('GET', withId(apiPaths.campaignProspects, campaign.id))).json<ProspectPage>();
    expect(page.total).toBe(4);
    expect(page.items.every((p) => p.status === 'pending')).toBe(true);
    expect(page.items.map((p) => p.website).sort()).toContain('http://tourblog.test/');
    // The dashboard counts prospects as rows: a discovered prospect adds one, not two.
    const detail = (await inject('GET', withId(apiPaths.campaign, campaign.id))).json<CampaignDetail>();
    expect(detail).toMatchObject({ prospects: 4, prospectsFound: 4, progressPercentage: 100 });

    // Running again adds no duplicates and leaves the counters at the number of rows.
    await inject('POST', withId(apiPaths.findProspects, campaign.id));
    await waitForStatus(campaign.id, (r) => r?.status === 'completed' || r?.status === 'failed');
    const again = (await inject('GET', withId(apiPaths.campaign, campaign.id))).json<CampaignDetail>();
    expect(again).toMatchObject({ prospects: 4, prospectsFound: 4 });
  });

  it('refuses a second start while a run is under way, cancels it, and 404s a cancel with nothing running', async () => {
    const campaign = await aiCampaign('http://slow.test/');
    const url = withId(apiPaths.findProspects, campaign.id);
    expect((await inject('POST', url)).statusCode).toBe(200);

    const conflict = await inject('POST', url);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error).toMatchObject({
      code: 'CONFLICT',
      message: discoveryMessages.alreadyRunning,
    });

    const cancel = await inject('DELETE', url);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'cancelled' });
    expect((await statusOf(campaign.id))?.status).toBe('cancelled');

    const nothing = await inject('DELETE', url);
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json().error.message).toBe(discoveryMessages.notRunning);
  });

  it('answers 404 for another user’s campaign and for an unknown one, and starts nothing', async () => {
    const campaign = await aiCampaign('http://slow.test/');
    const { cookie: stranger } = await signUpUser(t.app);
    for (const method of ['POST', 'GET', 'DELETE'] as const) {
      for (const [id, as] of [
        [campaign.id, stranger],
        ['00000000-0000-4000-8000-000000000000', cookie],
      ] as const) {
        const response = await inject(method, withId(apiPaths.findProspects, id), as);
        expect(response.statusCode, `${method} ${id}`).toBe(404);
      }
    }
    expect(await statusOf(campaign.id)).toBeNull();
    expect((await inject('GET', withId(apiPaths.findProspects, 'not-a-uuid'))).statusCode).toBe(400);
  });
});
