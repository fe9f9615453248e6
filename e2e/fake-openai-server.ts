/**
 * The end-to-end tests' model: src/server/testing/fake-openai.ts on 127.0.0.1:{FAKE_OPENAI_PORT},
 * which the app under test uses as AI_BASE_URL. It writes a short guest post in the blog markup that
 * links each internal link of the prompt once, streamed in small pieces FAKE_OPENAI_DELAY_MS apart
 * (default 60 ms) so the text can be watched arriving. Runs until Playwright stops it.
 */
import { startFakeOpenAi, type ChatRequest } from '../src/server/testing/fake-openai';

const port = Number(process.env.FAKE_OPENAI_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('FAKE_OPENAI_PORT must be a port number');
const delayMs = Number(process.env.FAKE_OPENAI_DELAY_MS ?? 60);

/** A post answering the prompt: its topic (or a chosen one) and each listed internal link once. */
function samplePost(request: ChatRequest): string {
  const prompt = request.messages.at(-1)?.content ?? '';
  const topic = /^Topic: (?!choose)(.+)$/m.exec(prompt)?.[1] ?? 'Riding through the city all year';
  const links = [...prompt.matchAll(/^- (https?:\/\/\S+)$/gm)].map((m) => m[1]!);
  const anchors = ['our guide to winter tyres', 'a checklist for commuters', 'the route planner we use'];
  return [
    `# ${topic}`,
    '',
    'Cycling to work is **cheaper and faster** than most people expect, and the habits below make it easy.',
    '',
    '## Start small',
    '',
    ...links.map((url, i) => `- Read ${anchors[i] ?? 'this page'}: [${anchors[i] ?? 'more tips'}](${url}).`),
    '- Pick one day a week and build from there.',
    '',
    '## Keep going',
    '',
    '1. Plan a quiet route.',
    '2. Pack the night before.',
    '',
    'Small steps add up to a habit that lasts.',
  ].join('\n');
}

const fake = await startFakeOpenAi({
  port,
  respond: (request) => ({ text: samplePost(request), chunkSize: 6, delayMs }),
});
console.log(`fake OpenAI-compatible model at ${fake.url}`);

const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
