import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../../shared/paths';
import { replySuggestionMessages } from '../../../shared/schemas/reply-suggestions';
import { prospects } from '../../db/schema/prospects';
import { emailAccounts } from '../../db/schema/mailboxes';
import { inboundMessages } from '../../db/schema/outreach';
import { inboxLabels, inboxThreads } from '../../db/schema/inbox';
import { recordInThread } from '../../inbox/threads';
import { users } from '../../db/schema/users';
import { signUpUser, type TestApp } from '../../testing/app';
import { createAiTestApp } from '../../testing/ai-app';
import { createManualCampaign } from '../../testing/campaigns';
import type { FakeOpenAi } from '../../testing/fake-openai';
import { parseReplySuggestion, replySuggestionPrompt } from './prompt';

let t: TestApp;
let fake: FakeOpenAi;
let cookie: string;
let other: string;
let uid = 0;

/** Stores an inbound message of the user's first prospect, as the reply reader would. */
async function inbound(email: string, kind: 'reply' | 'bounce', text: string): Promise<string> {
  const db = t.handle.db;
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const campaign = await createManualCampaign(t.app, cookie);
  const [prospect] = await db.select().from(prospects).where(eq(prospects.campaignId, campaign.id));
  const [account] = await db
    .insert(emailAccounts)
    .values({
      workspaceId: prospect!.workspaceId,
      connectedBy: user!.id,
      email: `me${++uid}@mysite.com`,
      provider: 'smtp',
    })
    .returning();
  const [row] = await db
    .insert(inboundMessages)
    .values({
      workspaceId: prospect!.workspaceId,
      emailAccountId: account!.id,
      imapUidValidity: 1,
      imapUid: uid,
      prospectId: prospect!.id,
      kind,
      fromEmail: 'ann@alpha.com',
      subject: 'Re: A guest post for alpha.com',
      text,
      receivedAt: new Date(),
    })
    .returning({ id: inboundMessages.id });
  return row!.id;
}

let email: string;
beforeAll(async () => {
  ({ t, fake } = await createAiTestApp());
  ({ cookie, email } = await signUpUser(t.app));
  ({ cookie: other } = await signUpUser(t.app));
});
afterAll(() => t.close());

const suggest = (id: string, as = cookie) =>
  t.app.inject({ method: 'POST', url: withId(apiPaths.replySuggestion, id), headers: { cookie: as } });

describe('reply suggestions', () => {
  it('suggests a category and a draft from the reply, and sends nothing', async () => {
    const id = await inbound(email, 'reply', 'Sounds good, but we charge $150 for a sponsored post.');
    fake.enqueue({
      text: 'Here you go:\n```json\n{"category": "asks_for_payment", "draft": "Hi Ann, thanks for the quick answer..."}\n```',
    });
    const response = await suggest(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      category: 'asks_for_payment',
      draft: 'Hi Ann, thanks for the quick answer...',
    });
    const prompt = fake.requests.at(-1)!.messages.at(-1)!.content;
    expect(prompt).toContain('we charge $150 for a sponsored post');
    expect(prompt).toContain('Sender name: Ada Lovelace');
  });

  it('labels the prospect’s conversation with the category, unless a member labelled it already', async () => {
    const id = await inbound(email, 'reply', 'Happy to, send me a draft.');
    const [message] = await t.handle.db.select().from(inboundMessages).where(eq(inboundMessages.id, id));
    await recordInThread(t.handle.db, {
      ...message!,
      emailAccountId: message!.emailAccountId!,
      kind: 'reply',
    });
    const labelName = async () => {
      const [row] = await t.handle.db
        .select({ name: inboxLabels.name })
        .from(inboxThreads)
        .leftJoin(inboxLabels, eq(inboxLabels.id, inboxThreads.labelId))
        .where(eq(inboxThreads.prospectId, message!.prospectId));
      return row!.name;
    };
    fake.enqueue({ text: '{"category": "interested", "draft": "Great, here it is."}' });
    expect((await suggest(id)).statusCode).toBe(200);
    expect(await labelName()).toBe('Interested');
    fake.enqueue({ text: '{"category": "question", "draft": "Sure."}' });
    expect((await suggest(id)).statusCode).toBe(200);
    expect(await labelName()).toBe('Interested');
  });

  it('asks once more, more strictly, when the answer holds no suggestion, and uses the second answer', async () => {
    const id = await inbound(email, 'reply', 'Could you send me a topic list?');
    const before = fake.requests.length;
    fake.enqueue(
      { text: 'I think it is a question.' },
      { text: '{"category": "question", "draft": "Sure."}' },
    );
    const response = await suggest(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ category: 'question', draft: 'Sure.' });
    const [first, second] = fake.requests.slice(before);
    expect(fake.requests.length - before).toBe(2);
    expect(first!.messages[0]!.content).not.toContain('could not be read');
    expect(second!.messages[0]!.content).toContain('Your previous answer could not be read');
    expect(second!.messages[0]!.content).toContain('exactly one JSON object');
  });

  it('answers 502 saying to try again when neither answer holds a usable suggestion', async () => {
    const id = await inbound(email, 'reply', 'What topics do you have in mind?');
    const before = fake.requests.length;
    fake.enqueue({ text: 'I think it is a question.' }, { text: '{"category": "spam", "draft": "x"}' });
    const response = await suggest(id);
    expect(fake.requests.length - before).toBe(2);
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toEqual({
      code: 'AI_UNUSABLE_ANSWER',
      message: "The AI's answer could not be used — try again.",
    });
  });

  it('refuses bounces, and answers 404 for another user’s message without calling the model', async () => {
    const bounce = await inbound(email, 'bounce', 'Delivery failed');
    expect((await suggest(bounce)).json().error.message).toBe(replySuggestionMessages.onlyReplies);
    const id = await inbound(email, 'reply', 'Yes please!');
    const before = fake.requests.length;
    expect((await suggest(id, other)).statusCode).toBe(404);
    expect(fake.requests.length).toBe(before);
  });
});

describe('reply suggestion prompt', () => {
  const context = {
    reply: { fromEmail: 'ann@alpha.com', subject: 'Re: hi', text: 'Not for us, thanks.' },
    ours: { subject: 'A guest post idea', body: 'Hi Ann, would you like a post on winter cycling?' },
    senderName: 'Ada',
    campaignWebsite: 'https://mysite.com',
    prospectWebsite: 'alpha.com',
  };

  it('carries both messages and asks for JSON with the four categories', () => {
    const { system, prompt } = replySuggestionPrompt(context);
    expect(system).toContain('interested, asks_for_payment, not_interested, question');
    expect(system).toContain('{"category": "...", "draft": "..."}');
    expect(prompt).toContain('Our message (subject: A guest post idea)');
    expect(prompt).toContain('Their reply from ann@alpha.com (subject: Re: hi):\nNot for us, thanks.');
  });

  it('reads the first JSON object of an answer and rejects unknown categories or empty drafts', () => {
    expect(parseReplySuggestion('{"category":"question","draft":" Sure! "}')).toEqual({
      category: 'question',
      draft: 'Sure!',
    });
    expect(parseReplySuggestion('{"category":"spam","draft":"x"}')).toBeNull();
    expect(parseReplySuggestion('{"category":"question","draft":""}')).toBeNull();
    expect(parseReplySuggestion('no json')).toBeNull();
  });
});
