import type { FastifyReply } from 'fastify';

/** A server-sent-event stream (text/event-stream, WHATWG HTML "Server-sent events") on a hijacked reply. */
export interface SseStream {
  /** Sends one event: `data` as JSON, under `event` when given (else the default 'message'). */
  send(data: unknown, event?: string): void;
  /** A comment line: ignored by EventSource, it keeps proxies from closing an idle stream. */
  comment(text: string): void;
  /** Ends the stream (the client's EventSource reconnects after its retry delay). */
  close(): void;
  /** Called once when the stream ends, by either side. */
  onClose(listener: () => void): void;
}

/**
 * Answers the request with an event stream. The reply is hijacked, so no Fastify hook sees the body:
 * @fastify/compress would otherwise buffer it and the client would get nothing until the end.
 * `retryMs` is sent as the `retry:` hint, the delay before the browser reconnects.
 */
export function openSseStream(reply: FastifyReply, options: { retryMs?: number } = {}): SseStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // nginx and similar proxies would otherwise hold the stream back until it ends.
    'x-accel-buffering': 'no',
    // The connection is never reused: ending the stream closes it, so a closing server does not
    // wait for the client to let go of a kept-alive socket.
    connection: 'close',
  });
  if (options.retryMs !== undefined) res.write(`retry: ${options.retryMs}\n\n`);
  // The headers go out at once, so the client's EventSource opens before the first event.
  res.flushHeaders();
  const write = (text: string) => {
    if (!res.writableEnded && !res.destroyed) res.write(text);
  };
  return {
    send: (data, event) => write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`),
    comment: (text) => write(`: ${text}\n\n`),
    close: () => {
      if (!res.writableEnded) res.end();
    },
    onClose: (listener) => void res.once('close', listener),
  };
}
