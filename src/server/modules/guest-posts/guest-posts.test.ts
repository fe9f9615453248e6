import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId, withQuery } from '../../../shared/paths';
import { aiMessages } from '../../../shared/schemas/ai';
import {
  guestPostMessages as m,
  type GuestPost,
  type GuestPostCampaign,
  type GuestPostPage,
} from '../../../shared/schemas/guest-posts';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { createAiTestApp } from '../../testing/ai-app';
import { createManualCampaign } from '../../testing/campaigns';
import { saveCrawledPage } from '../../testing/crawl-pages';
import type { FakeOpenAi } from '../../testing/fake-openai';

const POST = [
  '# Composting in small flats',
  '',
  'Pick [a compact bin](https://mysite.com/bins) that fits under the sink.',
  '',
  '## Why it works',
  '',
  '- **Less waste** and better soil',
].join('\n');

let t: TestApp;
let fake: FakeOpenAi;
let cookie: string;
let other: string;

beforeAll(async () => {
  ({ t, fake } = await createAiTestApp({ AI_DAILY_REQUESTS_PER_USER: '20' }));
  ({ cookie } = await signUpUser(t.app));
  ({ cookie: other } = await signUpUser(t.app));
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, headers: { cookie: as }, payload });

/** The events of a server-sent-event body, in order. */
function events(body: string): { event: string; data: unknown }[] {
  return body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))!.slice(7);
      const data = lines.find((l) => l.startsWith('data: '))!.slice(6);
      return { event, data: JSON.parse(data) as unknown };
    });
}

const request = (campaignId: string) => ({
  campaignId,
  yourWebsite: 'https://mysite.com',
  targetWebsite: 'https://gardenblog.org',
  topic: '',
  wordCount: 800,
  internalLinks: ['https://mysite.com/bins', ''],
});

describe('guest post generator API', () => {
  it('streams the post as it is written, saves it with its link check, and reopens it', async () => {
    await saveCrawledPage(t.handle.db, 'https://gardenblog.org/', {
      title: 'Garden Blog',
      description: 'Urban gardening',
      headings: ['Balcony tomatoes'],
    });
    const campaign = await createManualCampaign(t.app, cookie, { name: 'Compost' });
    fake.enqueue({ text: POST, chunkSize: 10 });
    const response = await inject('POST', apiPaths.guestPostGenerate, request(campaign.id));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');

    const sent = events(response.body);
    const deltas = sent.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.map((d) => (d.data as { text: string }).text).join('')).toBe(POST);
    const done = sent.at(-1)!;
    expect(done.event).toBe('done');
    const post = done.data as GuestPost;
    expect(post).toMatchObject({
      campaignId: campaign.id,
      campaignName: 'Compost',
      title: 'Composting in small flats',
      content: POST,
      wordCount: 800,
      internalLinks: ['https://mysite.com/bins'],
      linkChecks: [{ url: 'https://mysite.com/bins', count: 1, anchorText: 'a compact bin' }],
    });

    const prompt = fake.requests.at(-1)!.messages.at(-1)!.content;
    expect(prompt).toContain('- Name/title: Garden Blog');
    expect(prompt).toContain('Balcony tomatoes');
    expect(prompt).toContain('- https://mysite.com/bins');

    const reopened = await inject('GET', withId(apiPaths.guestPost, post.id));
    expect(reopened.json<GuestPost>()).toEqual(post);
    const list = (
      await inject('GET', withQuery(apiPaths.guestPosts, { campaignId: campaign.id }))
    ).json<GuestPostPage>();
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ id: post.id, title: 'Composting in small flats' });
  });

  it('sends an error event when the model fails midway, and saves nothing', async () => {
    const campaign = await createManualCampaign(t.app, cookie, { name: 'Broken' });
    fake.enqueue(
      { status: 500, retryAfterMs: 1 },
      { status: 500, retryAfterMs: 1 },
      { status: 500, retryAfterMs: 1 },
    );
    const response = await inject('POST', apiPaths.guestPostGenerate, request(campaign.id));
    expect(events(response.body).at(-1)).toEqual({
      event: 'error',
      data: { code: 'INTERNAL', message: m.generateFailed },
    });
    const list = await inject('GET', withQuery(apiPaths.guestPosts, { campaignId: campaign.id }));
    expect(list.json<GuestPostPage>().total).toBe(0);
  });

  it('asks once more, more strictly, when the model writes nothing, and saves the second post', async () => {
    const campaign = await createManualCampaign(t.app, cookie, { name: 'Blank first' });
    const before = fake.requests.length;
    fake.enqueue({ text: ' \n ' }, { text: POST });
    const response = await inject('POST', apiPaths.guestPostGenerate, request(campaign.id));
    const done = events(response.body).at(-1)!;
    expect(done.event).toBe('done');
    expect((done.data as GuestPost).content).toBe(POST);
    expect(fake.requests.length - before).toBe(2);
    expect(fake.requests.at(-2)!.messages[0]!.content).not.toContain('Your previous answer was empty');
    expect(fake.requests.at(-1)!.messages[0]!.content).toContain('Your previous answer was empty');
  });

  it('sends an error event saying to try again when both answers are empty, and saves nothing', async () => {
    const campaign = await createManualCampaign(t.app, cookie, { name: 'Blank twice' });
    const before = fake.requests.length;
    fake.enqueue({ text: '' }, { text: '   ' });
    const response = await inject('POST', apiPaths.guestPostGenerate, request(campaign.id));
    expect(fake.requests.length - before).toBe(2);
    expect(events(response.body).at(-1)).toEqual({
      event: 'error',
      data: { code: 'AI_UNUSABLE_ANSWER', message: aiMessages.unusableAnswer },
    });
    const list = await inject('GET', withQuery(apiPaths.guestPosts, { campaignId: campaign.id }));
    expect(list.json<GuestPostPage>().total).toBe(0);
  });

  it('refuses an invalid request with the form messages', async () => {
    const response = await inject('POST', apiPaths.guestPostGenerate, {
      ...request(''),
      targetWebsite: '',
      internalLinks: ['a.com/1', 'a.com/2', 'a.com/3', 'a.com/4'],
    });
    expect(response.statusCode).toBe(400);
    const messages = response.json().error.issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([m.campaignRequired, m.targetWebsiteRequired, m.tooManyLinks]),
    );
  });

  it("answers 404 for another user's campaign and post, and calls no model", async () => {
    const campaign = await createManualCampaign(t.app, cookie, { name: 'Mine' });
    fake.enqueue({ text: POST });
    const post = events((await inject('POST', apiPaths.guestPostGenerate, request(campaign.id))).body).at(-1)!
      .data as GuestPost;
    const before = fake.requests.length;
    expect((await inject('POST', apiPaths.guestPostGenerate, request(campaign.id), other)).statusCode).toBe(
      404,
    );
    expect(fake.requests.length).toBe(before);
    expect((await inject('GET', withId(apiPaths.guestPost, post.id), undefined, other)).statusCode).toBe(404);
    expect((await inject('DELETE', withId(apiPaths.guestPost, post.id), undefined, other)).statusCode).toBe(
      404,
    );
    expect(
      (await inject('PUT', withId(apiPaths.campaignInternalLinks, campaign.id), { internalLinks: [] }, other))
        .statusCode,
    ).toBe(404);
    expect((await inject('GET', apiPaths.guestPosts, undefined, other)).json<GuestPostPage>().total).toBe(0);
    expect((await inject('DELETE', withId(apiPaths.guestPost, post.id))).json()).toEqual({ ok: true });
  });

  it('lists campaigns with their internal links and saves edited links', async () => {
    const campaign = await createManualCampaign(t.app, cookie, {
      name: 'Links',
      websiteUrl: 'https://links.com',
    });
    const saved = await inject('PUT', withId(apiPaths.campaignInternalLinks, campaign.id), {
      internalLinks: ['links.com/a', '', 'https://links.com/b'],
    });
    expect(saved.json()).toMatchObject({ internalLinks: ['https://links.com/a', 'https://links.com/b'] });
    const list = (await inject('GET', apiPaths.guestPostCampaigns)).json<GuestPostCampaign[]>();
    expect(list[0]).toEqual({
      id: campaign.id,
      name: 'Links',
      websiteUrl: 'https://links.com',
      internalLinks: ['https://links.com/a', 'https://links.com/b'],
    });
    expect((await inject('GET', apiPaths.guestPostCampaigns, undefined, other)).json()).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.guestPostGenerate,
      payload: request('7b0c1f5e-2d4f-4c8e-9a51-3f1d2b6c7a80'),
    });
    expect(response.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: apiPaths.aiStatus })).statusCode).toBe(401);
  });

  it('reports the status: configured, model and calls left today', async () => {
    const status = (await inject('GET', apiPaths.aiStatus, undefined, other)).json();
    expect(status).toEqual({ configured: true, model: 'fake-model', requestsLeftToday: 20, dailyLimit: 20 });
  });
});

describe('guest post generator without an AI provider', () => {
  let bare: TestApp;
  let bareCookie: string;
  beforeAll(async () => {
    bare = await createTestApp();
    ({ cookie: bareCookie } = await signUpUser(bare.app));
  });
  afterAll(() => bare.close());

  it("answers 503 'AI is not configured' and the rest still works", async () => {
    const campaign = await createManualCampaign(bare.app, bareCookie);
    const response = await bare.app.inject({
      method: 'POST',
      url: apiPaths.guestPostGenerate,
      headers: { cookie: bareCookie },
      payload: request(campaign.id),
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: { code: 'AI_NOT_CONFIGURED', message: aiMessages.notConfigured },
    });
    const status = await bare.app.inject({
      method: 'GET',
      url: apiPaths.aiStatus,
      headers: { cookie: bareCookie },
    });
    expect(status.json()).toMatchObject({ configured: false, model: null });
    const campaigns = await bare.app.inject({
      method: 'GET',
      url: apiPaths.guestPostCampaigns,
      headers: { cookie: bareCookie },
    });
    expect(campaigns.json<GuestPostCampaign[]>()).toHaveLength(1);
  });
});
