import { closingAlso, createTestApp, type TestApp } from './app';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai';

/** The app with its AI provider at a new fake OpenAI server (model 'fake-model'); `t.close` stops both. */
export async function createAiTestApp(
  overrides: Record<string, string> = {},
): Promise<{ t: TestApp; fake: FakeOpenAi }> {
  const fake = await startFakeOpenAi();
  const t = await createTestApp({ AI_BASE_URL: fake.url, AI_MODEL: 'fake-model', ...overrides });
  return { t: closingAlso(t, () => fake.close()), fake };
}
