import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../../shared/paths';
import {
  firstLineMessages as m,
  type FirstLinePage,
  type ProspectFirstLine,
} from '../../../shared/schemas/first-lines';
import { prospects } from '../../db/schema/prospects';
import { signUpUser, type TestApp } from '../../testing/app';
import { createAiTestApp } from '../../testing/ai-app';
import { createManualCampaign } from '../../testing/campaigns';
import { saveCrawledPage } from '../../testing/crawl-pages';
import type { FakeOpenAi } from '../../testing/fake-openai';
import { cleanFirstLine, firstLinePrompt } from './prompt';

let t: TestApp;
let fake: FakeOpenAi;
let cookie: string;
let other: string;

beforeAll(async () => {
  ({ t, fake } = await createAiTestApp());
  ({ cookie } = await signUpUser(t.app));
  ({ cookie: other } = await signUpUser(t.app));
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, headers: { cookie: as }, payload });

describe('first lines API', () => {
  it('drafts a line from the page the prospect was found on, edits and approves it', async () => {
    const campaign = await createManualCampaign(t.app, cookie);
    const list = (
      await inject('GET', withId(apiPaths.campaignFirstLines, campaign.id))
    ).json<FirstLinePage>();
    expect(list.requireApproval).toBe(true);
    expect(list.items.map((i) => i.line)).toEqual([null, null, null]);
    const prospectId = list.items[0]!.prospectId;

    await t.handle.db
      .update(prospects)
      .set({
        sourcePageUrl: 'https://alpha.com/best-bike-locks',
        sourceLinkUrl: 'https://competitor.com/locks',
        sourceAnchorText: 'sturdy locks',
      })
      .where(eq(prospects.id, prospectId));
    await saveCrawledPage(t.handle.db, 'https://alpha.com/best-bike-locks', {
      title: 'The 7 best bike locks of 2026',
      headings: ['Tested in Berlin'],
    });

    fake.enqueue({ text: '"Your Berlin test of seven bike locks saved me a stolen bike."\n' });
    const drafted = await inject('POST', withId(apiPaths.prospectFirstLineDraft, prospectId));
    expect(drafted.statusCode).toBe(200);
    expect(drafted.json<ProspectFirstLine>()).toMatchObject({
      prospectId,
      sourcePageUrl: 'https://alpha.com/best-bike-locks',
      line: { text: 'Your Berlin test of seven bike locks saved me a stolen bike.', status: 'draft' },
    });
    const prompt = fake.requests.at(-1)!.messages.at(-1)!.content;
    expect(prompt).toContain('Title: The 7 best bike locks of 2026');
    expect(prompt).toContain('It links to https://competitor.com/locks with the words "sturdy locks".');

    const approved = await inject('PUT', withId(apiPaths.prospectFirstLine, prospectId), {
      text: '  Your lock test saved my bike.  ',
      approved: true,
    });
    expect(approved.json<ProspectFirstLine>().line).toMatchObject({
      text: 'Your lock test saved my bike.',
      status: 'approved',
    });

    // A new draft needs approval again.
    fake.enqueue({ text: 'Another angle on your lock test.' });
    const redrafted = await inject('POST', withId(apiPaths.prospectFirstLineDraft, prospectId));
    expect(redrafted.json<ProspectFirstLine>().line!.status).toBe('draft');

    expect((await inject('DELETE', withId(apiPaths.prospectFirstLine, prospectId))).json()).toEqual({
      ok: true,
    });
    const after = (
      await inject('GET', withId(apiPaths.campaignFirstLines, campaign.id))
    ).json<FirstLinePage>();
    expect(after.items[0]!.line).toBeNull();
  });

  it('turns approval off and on per campaign', async () => {
    const campaign = await createManualCampaign(t.app, cookie);
    const url = withId(apiPaths.campaignFirstLineSettings, campaign.id);
    expect((await inject('PUT', url, { requireApproval: false })).json()).toEqual({ requireApproval: false });
    const list = await inject('GET', withId(apiPaths.campaignFirstLines, campaign.id));
    expect(list.json<FirstLinePage>().requireApproval).toBe(false);
  });

  it('refuses an empty line and a line that was never drafted', async () => {
    const campaign = await createManualCampaign(t.app, cookie);
    const list = (
      await inject('GET', withId(apiPaths.campaignFirstLines, campaign.id))
    ).json<FirstLinePage>();
    const url = withId(apiPaths.prospectFirstLine, list.items[1]!.prospectId);
    const empty = await inject('PUT', url, { text: ' ', approved: true });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.issues[0].message).toBe(m.textRequired);
    expect((await inject('PUT', url, { text: 'Hello', approved: true })).statusCode).toBe(404);
  });

  it("answers 404 for another user's campaign and prospect, calling no model", async () => {
    const campaign = await createManualCampaign(t.app, cookie);
    const list = (
      await inject('GET', withId(apiPaths.campaignFirstLines, campaign.id))
    ).json<FirstLinePage>();
    const prospectId = list.items[0]!.prospectId;
    const before = fake.requests.length;
    expect(
      (await inject('GET', withId(apiPaths.campaignFirstLines, campaign.id), undefined, other)).statusCode,
    ).toBe(404);
    expect(
      (
        await inject(
          'PUT',
          withId(apiPaths.campaignFirstLineSettings, campaign.id),
          { requireApproval: false },
          other,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await inject('POST', withId(apiPaths.prospectFirstLineDraft, prospectId), undefined, other))
        .statusCode,
    ).toBe(404);
    expect(fake.requests.length).toBe(before);
    fake.enqueue({ text: 'Mine.' });
    await inject('POST', withId(apiPaths.prospectFirstLineDraft, prospectId));
    const edit = { text: 'Theirs', approved: true };
    expect(
      (await inject('PUT', withId(apiPaths.prospectFirstLine, prospectId), edit, other)).statusCode,
    ).toBe(404);
    expect(
      (await inject('DELETE', withId(apiPaths.prospectFirstLine, prospectId), undefined, other)).statusCode,
    ).toBe(404);
  });

  it('asks once more, more strictly, when the answer is empty, then answers 502 saying to try again', async () => {
    const campaign = await createManualCampaign(t.app, cookie);
    const list = (
      await inject('GET', withId(apiPaths.campaignFirstLines, campaign.id))
    ).json<FirstLinePage>();
    const url = withId(apiPaths.prospectFirstLineDraft, list.items[2]!.prospectId);
    let before = fake.requests.length;
    fake.enqueue({ text: '  \n ' }, { text: 'Your lock test was thorough.' });
    const retried = await inject('POST', url);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<ProspectFirstLine>().line!.text).toBe('Your lock test was thorough.');
    expect(fake.requests.length - before).toBe(2);
    expect(fake.requests.at(-1)!.messages[0]!.content).toContain('Your previous answer could not be used');

    before = fake.requests.length;
    fake.enqueue({ text: '  \n ' }, { text: 'Here is an opening line for you:' });
    const response = await inject('POST', url);
    expect(fake.requests.length - before).toBe(2);
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toEqual({
      code: 'AI_UNUSABLE_ANSWER',
      message: "The AI's answer could not be used — try again.",
    });
  });
});

describe('first line prompt', () => {
  it('without a source page asks for a general line about the site', () => {
    const { prompt } = firstLinePrompt({
      website: 'alpha.com',
      contactName: 'Ann',
      campaignWebsite: 'https://mine.example',
      sourcePage: null,
      sourceLink: null,
    });
    expect(prompt).toContain('Their website: alpha.com');
    expect(prompt).toContain('Editor: Ann');
    expect(prompt).toContain('refer to its subject in general terms');
  });

  it('keeps the first line of the answer without quotes, cut at 300 characters', () => {
    expect(cleanFirstLine('\n“Loved your lock test.”\nSecond line')).toBe('Loved your lock test.');
    expect(cleanFirstLine('x'.repeat(400))).toHaveLength(300);
    expect(cleanFirstLine('   ')).toBe('');
    expect(cleanFirstLine('Here is your opening line:\n\nYour lock test was thorough.')).toBe(
      'Your lock test was thorough.',
    );
  });
});
