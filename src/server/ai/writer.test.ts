import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiMessages } from '../../shared/schemas/ai';
import type { DatabaseHandle } from '../db/client';
import { users } from '../db/schema/users';
import { AppError } from '../http/errors';
import { testConfig } from '../testing/app';
import { createTestDatabase } from '../testing/database';
import { startFakeOpenAi, type FakeOpenAi } from '../testing/fake-openai';
import { AiCallError, AiUnusableAnswerError, createAiWriter, type AiWriter } from './writer';

let handle: DatabaseHandle;
let fake: FakeOpenAi;
let writer: AiWriter;
let userSeq = 0;

async function newUser(): Promise<{ userId: string }> {
  const [row] = await handle.db
    .insert(users)
    .values({ name: 'Ada', email: `writer${++userSeq}@example.com` })
    .returning({ id: users.id });
  return { userId: row!.id };
}

const prompt = { system: 'You write.', prompt: 'Write hello.', stricter: 'Only write hello.' };
/** Takes any answer as it is. */
const asIs = (answer: string) => answer;

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const piece of stream) out.push(piece);
  return out;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  fake = await startFakeOpenAi({ apiKey: 'sk-test' });
  writer = createAiWriter(
    handle.db,
    testConfig({
      AI_BASE_URL: fake.url,
      AI_MODEL: 'fake-model',
      AI_API_KEY: 'sk-test',
      AI_DAILY_REQUESTS_PER_USER: '3',
      AI_TIMEOUT_MS: '1000',
      AI_MAX_RETRIES: '2',
    }),
  );
});
afterAll(async () => {
  await fake.close();
  await handle.close();
});

describe('AI writer against an OpenAI-compatible server', () => {
  it('streams the text in the pieces the server sent, with the model, messages and key', async () => {
    fake.enqueue({ text: 'Streaming works piece by piece.', chunkSize: 8 });
    const pieces = await collect(await writer.stream(await newUser(), prompt));
    expect(pieces.join('')).toBe('Streaming works piece by piece.');
    expect(pieces.length).toBeGreaterThan(1);
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ model: 'fake-model', stream: true, authorization: 'Bearer sk-test' });
    expect(request.messages).toEqual([
      { role: 'system', content: 'You write.' },
      { role: 'user', content: 'Write hello.' },
    ]);
  });

  it('answers a whole completion without streaming', async () => {
    fake.enqueue({ text: '{"ok":true}' });
    expect(await writer.generate(await newUser(), prompt, asIs)).toBe('{"ok":true}');
    expect(fake.requests.at(-1)!.stream).toBe(false);
  });

  it('returns the model’s text without NUL characters, streamed or whole', async () => {
    fake.enqueue({ text: 'Hel\u0000lo \u0000there', chunkSize: 3 });
    const pieces = await collect(await writer.stream(await newUser(), prompt));
    fake.enqueue({ text: '\u0000Hi\u0000' });
    const whole = await writer.generate(await newUser(), prompt, asIs);
    expect({ streamed: pieces.join(''), whole }).toEqual({ streamed: 'Hello there', whole: 'Hi' });
  });

  it('retries after 429 and 5xx answers and then succeeds', async () => {
    const before = fake.requests.length;
    fake.enqueue(
      { status: 429, message: 'Rate limit reached', retryAfterMs: 5 },
      { status: 503, message: 'overloaded', retryAfterMs: 5 },
      { text: 'third time lucky' },
    );
    expect((await collect(await writer.stream(await newUser(), prompt))).join('')).toBe('third time lucky');
    expect(fake.requests.length - before).toBe(3);
  });

  it('gives up after AI_MAX_RETRIES with an AiCallError', async () => {
    const before = fake.requests.length;
    fake.enqueue(
      { status: 500, retryAfterMs: 5 },
      { status: 500, retryAfterMs: 5 },
      { status: 500, retryAfterMs: 5 },
    );
    await expect(writer.generate(await newUser(), prompt, asIs)).rejects.toBeInstanceOf(AiCallError);
    expect(fake.requests.length - before).toBe(3);
  });

  it('does not retry a request the server refused (401)', async () => {
    const other = createAiWriter(
      handle.db,
      testConfig({ AI_BASE_URL: fake.url, AI_MODEL: 'fake-model', AI_API_KEY: 'wrong' }),
    );
    const before = fake.requests.length;
    await expect(other.generate(await newUser(), prompt, asIs)).rejects.toBeInstanceOf(AiCallError);
    expect(fake.requests.length - before).toBe(1);
  });

  it('fails a stream that breaks off midway', async () => {
    fake.enqueue({ breakAfter: 'Half a sentence' });
    const stream = await writer.stream(await newUser(), prompt);
    await expect(collect(stream)).rejects.toBeInstanceOf(AiCallError);
  });

  it('aborts a call the server never answers after AI_TIMEOUT_MS', async () => {
    const quick = createAiWriter(
      handle.db,
      testConfig({
        AI_BASE_URL: fake.url,
        AI_MODEL: 'fake-model',
        AI_API_KEY: 'sk-test',
        AI_TIMEOUT_MS: '1000',
        AI_MAX_RETRIES: '0',
      }),
    );
    fake.enqueue({ hang: true });
    await expect(quick.generate(await newUser(), prompt, asIs)).rejects.toBeInstanceOf(AiCallError);
  });

  it('counts calls per user and day and refuses past the daily limit', async () => {
    const user = await newUser();
    for (let i = 0; i < 3; i++) await writer.generate(user, prompt, asIs);
    expect(await writer.status(user)).toMatchObject({ requestsLeftToday: 0, dailyLimit: 3 });
    const before = fake.requests.length;
    const refused = await writer.generate(user, prompt, asIs).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', message: aiMessages.dailyLimitReached });
    expect(fake.requests.length).toBe(before);
    expect((await writer.status(await newUser())).requestsLeftToday).toBe(3);
  });

  it('asks once more with the stricter instruction when an answer cannot be used, as one request', async () => {
    const user = await newUser();
    const before = fake.requests.length;
    fake.enqueue({ text: 'hi' }, { text: 'hello' });
    const read = (answer: string) => (answer === 'hello' ? answer : null);
    expect(await writer.generate(user, prompt, read)).toBe('hello');
    fake.enqueue({ text: '  ' }, { text: '\n' });
    await expect(collect(await writer.stream(user, prompt))).rejects.toBeInstanceOf(AiUnusableAnswerError);
    const systems = fake.requests.slice(before).map((r) => r.messages[0]!.content);
    expect(systems).toEqual([
      'You write.',
      'You write.\n\nOnly write hello.',
      'You write.',
      'You write.\n\nOnly write hello.',
    ]);
    expect((await writer.status(user)).requestsLeftToday).toBe(1);
  });

  it('says AI is not configured without AI_BASE_URL and AI_MODEL, calling nothing', async () => {
    const none = createAiWriter(handle.db, testConfig({ AI_MODEL: 'fake-model' }));
    expect(none.configured).toBe(false);
    await expect(none.stream(await newUser(), prompt)).rejects.toMatchObject({
      code: 'AI_NOT_CONFIGURED',
      message: aiMessages.notConfigured,
    });
  });
});
