import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** ms since the epoch, when the request's body had arrived. */
  at: number;
}

/** How a receiver answers a request: a status and body, after a delay, or never (`hang`). */
export interface ReceiverAnswer {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  hang?: boolean;
}

export interface WebhookReceiver {
  /** `http://{host}:{port}/hook` */
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** The most requests that were being answered at once. */
  maxInFlight: number;
  close(): Promise<void>;
}

/**
 * A webhook receiver for tests: a node:http server on `host` (127.0.0.1 by default) that records
 * every request and answers with `answer(request, index)` (default 200 "ok"). `close` drops open
 * connections (a hanging answer included) and stops it.
 */
export async function startWebhookReceiver(
  answer: (request: ReceivedWebhook, index: number) => ReceiverAnswer = () => ({}),
  { host = '127.0.0.1' }: { host?: string } = {},
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let inFlight = 0;
  const state = { maxInFlight: 0 };
  const server = http.createServer((request, response) => {
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    response.on('close', () => inFlight--);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        path: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(entry);
      const reply = answer(entry, received.length - 1);
      if (reply.hang) return;
      const send = () =>
        response
          .writeHead(reply.status ?? 200, { 'content-type': 'text/plain', ...reply.headers })
          .end(reply.body ?? 'ok');
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/hook`,
    port,
    received,
    get maxInFlight() {
      return state.maxInFlight;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
