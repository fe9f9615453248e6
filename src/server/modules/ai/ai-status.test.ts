import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../../shared/paths';
import type { AiStatus } from '../../../shared/schemas/ai';
import type { FirstLinePage } from '../../../shared/schemas/first-lines';
import { aiUsage } from '../../db/schema/ai';
import { users } from '../../db/schema/users';
import { signUpUser, type TestApp } from '../../testing/app';
import { createAiTestApp } from '../../testing/ai-app';
import { createManualCampaign } from '../../testing/campaigns';
import type { FakeOpenAi } from '../../testing/fake-openai';

let t: TestApp;
let fake: FakeOpenAi;
let cookie: string;
let email: string;

beforeAll(async () => {
  ({ t, fake } = await createAiTestApp({ AI_DAILY_REQUESTS_PER_USER: '10' }));
  ({ cookie, email } = await signUpUser(t.app));
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

describe('AI status', () => {
  it('reports every counted request of the user, the way the daily limit counts them', async () => {
    const status = async () => (await inject('GET', apiPaths.aiStatus)).json<AiStatus>();
    expect(await status()).toMatchObject({ requestsLeftToday: 10, dailyLimit: 10 });

    const campaign = await createManualCampaign(t.app, cookie);
    fake.enqueue({ text: '# A post\n\nSome text.' });
    const post = await inject('POST', apiPaths.guestPostGenerate, {
      campaignId: campaign.id,
      yourWebsite: 'https://mysite.com',
      targetWebsite: 'https://gardenblog.org',
      topic: '',
      wordCount: 800,
      internalLinks: [],
    });
    expect(post.body).toContain('event: done');
    const lines = (
      await inject('GET', withId(apiPaths.campaignFirstLines, campaign.id))
    ).json<FirstLinePage>();
    fake.enqueue({ text: 'Your lock test was thorough.' });
    const first = await inject('POST', withId(apiPaths.prospectFirstLineDraft, lines.items[0]!.prospectId));
    expect(first.statusCode).toBe(200);
    // An answer that needed the one stricter retry is still one request of the user's.
    fake.enqueue({ text: '' }, { text: 'Your tomato guide was handy.' });
    const retried = await inject('POST', withId(apiPaths.prospectFirstLineDraft, lines.items[1]!.prospectId));
    expect(retried.statusCode).toBe(200);

    const [user] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const [usage] = await t.handle.db.select().from(aiUsage).where(eq(aiUsage.userId, user!.id));
    expect(usage!.requests).toBe(3);
    expect(await status()).toMatchObject({ requestsLeftToday: 7, dailyLimit: 10 });
  });
});
