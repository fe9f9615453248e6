import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

/** One answer of a fixture site. A string is a 200 HTML page. */
export type FixtureAnswer =
  string | { status?: number; headers?: Record<string, string>; body?: string | Buffer; delayMs?: number };

/** Answers a request for `host` and `path` (path with query), or undefined for a 404. */
export type FixtureHandler = (
  host: string,
  path: string,
  request: IncomingMessage,
) => FixtureAnswer | undefined;

/** One request the fixture web received. */
export interface FixtureRequest {
  host: string;
  path: string;
  userAgent: string;
  /** ms since epoch. */
  at: number;
}

export interface FixtureWeb {
  /** `http://127.0.0.1:{port}`: give it as HTTP_PROXY and HTTPS_PROXY. */
  proxyUrl: string;
  requests: FixtureRequest[];
  /** The most requests that were in flight at once, per host. */
  maxInFlight: Map<string, number>;
  close(): Promise<void>;
}

/**
 * A small web on 127.0.0.1 under any host names: an HTTP proxy that answers every request
 * itself, tunnelled (CONNECT, as undici's proxy agent sends) or in absolute form, by the host
 * and path asked for. With `tls` (a certificate for the hosts), CONNECTs to port 443 are
 * answered over TLS. Listens on 127.0.0.1 at `port` (default: any free port). For tests, the
 * end-to-end fixture server and the acceptance script; it stops when `close` is called.
 */
export async function startFixtureWeb(
  handler: FixtureHandler | Record<string, Record<string, FixtureAnswer>>,
  options: { tls?: { key: string | Buffer; cert: string | Buffer }; port?: number } = {},
): Promise<FixtureWeb> {
  const answer: FixtureHandler =
    typeof handler === 'function'
      ? handler
      : (host, path) => handler[host]?.[path] ?? handler[host]?.[path.split('?')[0]!];
  const requests: FixtureRequest[] = [];
  const inFlight = new Map<string, number>();
  const maxInFlight = new Map<string, number>();

  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    const absolute = /^https?:\/\//i.test(request.url ?? '') ? new URL(request.url!) : null;
    const host = (absolute?.hostname ?? request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const path = absolute ? absolute.pathname + absolute.search : (request.url ?? '/');
    requests.push({ host, path, userAgent: request.headers['user-agent'] ?? '', at: Date.now() });
    const current = (inFlight.get(host) ?? 0) + 1;
    inFlight.set(host, current);
    maxInFlight.set(host, Math.max(maxInFlight.get(host) ?? 0, current));
    const done = () => inFlight.set(host, (inFlight.get(host) ?? 1) - 1);
    response.on('close', done);

    const found = answer(host, path, request);
    const reply = typeof found === 'string' ? { body: found } : found;
    const send = () => {
      if (!reply) {
        response.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
        return;
      }
      response.writeHead(reply.status ?? 200, {
        'content-type': 'text/html; charset=utf-8',
        ...reply.headers,
      });
      response.end(reply.body ?? '');
    };
    if (reply?.delayMs) setTimeout(send, reply.delayMs);
    else send();
  };

  const server = http.createServer(onRequest);
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const tlsServer = options.tls ? https.createServer(options.tls, onRequest) : null;
  server.on('connect', (request, socket, head) => {
    const port = Number((request.url ?? '').split(':').pop());
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length) socket.unshift(head);
    (port === 443 && tlsServer ? tlsServer : server).emit('connection', socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    proxyUrl: `http://127.0.0.1:${port}`,
    requests,
    maxInFlight,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Starts a plain HTTP server on 127.0.0.1 (port 0) for direct-connection tests. */
export async function startLocalServer(
  listener: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
