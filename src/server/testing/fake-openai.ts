import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A chat-completions request as the fake server received it. */
export interface ChatRequest {
  model: string;
  stream: boolean;
  messages: { role: string; content: string }[];
  authorization: string | undefined;
}

/**
 * How the fake answers one request:
 * - `text`: a completion, streamed as server-sent events in pieces of `chunkSize` characters with
 *   `delayMs` between them when the request asked for a stream, else as one JSON answer;
 * - `status`: an OpenAI-style error answer (429, 500…), with a retry-after-ms header if given;
 * - `breakAfter`: streams that text, then drops the connection without finishing;
 * - `hang`: never answers (timeouts).
 */
export type FakeReply =
  | { text: string; chunkSize?: number; delayMs?: number }
  | { status: number; message?: string; retryAfterMs?: number }
  | { breakAfter: string }
  | { hang: true };

export interface FakeOpenAi {
  /** Base URL for AI_BASE_URL, ending in /v1. */
  url: string;
  /** Every request received, oldest first. */
  requests: ChatRequest[];
  /** Replies for the next requests, used in order before falling back to `respond`. */
  enqueue(...replies: FakeReply[]): void;
  close(): Promise<void>;
}

export interface FakeOpenAiOptions {
  /** The answer when no queued reply is left; default: the text 'Hello from the fake model.'. */
  respond?: (request: ChatRequest) => FakeReply;
  /** When set, requests without `Authorization: Bearer <apiKey>` get 401. */
  apiKey?: string;
  port?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (p: Buffer) => parts.push(p));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function sendError(res: ServerResponse, status: number, message: string, retryAfterMs?: number) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (retryAfterMs !== undefined) headers['retry-after-ms'] = String(retryAfterMs);
  res.writeHead(status, headers);
  res.end(JSON.stringify({ error: { message, type: status === 429 ? 'rate_limit_error' : 'server_error' } }));
}

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/**
 * A local stand-in for a hosted model that speaks the OpenAI chat-completions protocol
 * (`POST …/chat/completions`, JSON or `stream: true` server-sent events ending in `data: [DONE]`),
 * with scripted errors, 429s, broken streams and hangs. The hosted model cannot run here; this speaks
 * its wire format so the real AI SDK client is what the tests exercise.
 */
export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const queue: FakeReply[] = [];
  const requests: ChatRequest[] = [];
  const respond: (request: ChatRequest) => FakeReply =
    options.respond ?? (() => ({ text: 'Hello from the fake model.' }));
  let counter = 0;

  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        return sendError(res, 404, `no route ${req.method} ${req.url}`);
      }
      const body = JSON.parse(await readBody(req)) as Omit<ChatRequest, 'authorization'>;
      const request: ChatRequest = {
        model: body.model,
        stream: Boolean(body.stream),
        messages: body.messages.map((m) => ({
          role: m.role,
          content: typeof m.content === 'string' ? m.content : JSON.stringify(m.content),
        })),
        authorization: req.headers.authorization,
      };
      requests.push(request);
      if (options.apiKey && request.authorization !== `Bearer ${options.apiKey}`) {
        return sendError(res, 401, 'Incorrect API key provided');
      }
      const reply = queue.shift() ?? respond(request);
      if ('hang' in reply) return;
      if ('status' in reply)
        return sendError(res, reply.status, reply.message ?? 'error', reply.retryAfterMs);

      const id = `chatcmpl-${++counter}`;
      const created = Math.floor(Date.now() / 1000);
      const text = 'text' in reply ? reply.text : reply.breakAfter;
      if (!request.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            created,
            model: request.model,
            choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: text.length, total_tokens: 10 + text.length },
          }),
        );
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const event = (delta: Record<string, unknown>, finish: string | null) =>
        `data: ${JSON.stringify({
          id,
          object: 'chat.completion.chunk',
          created,
          model: request.model,
          choices: [{ index: 0, delta, finish_reason: finish }],
        })}\n\n`;
      res.write(event({ role: 'assistant', content: '' }, null));
      const chunkSize = 'text' in reply ? (reply.chunkSize ?? 12) : 12;
      const delayMs = 'text' in reply ? (reply.delayMs ?? 0) : 0;
      for (const piece of pieces(text, chunkSize)) {
        if (delayMs) await sleep(delayMs);
        if (res.destroyed) return;
        res.write(event({ content: piece }, null));
      }
      if ('breakAfter' in reply) return res.destroy();
      res.write(event({}, 'stop'));
      res.end('data: [DONE]\n\n');
    })().catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, String(error));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
