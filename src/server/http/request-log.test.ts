import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { loggerOptions } from './request-log';

type Settings = Pick<Config, 'NODE_ENV' | 'LOG_LEVEL'>;

/** A Fastify app with the app's logging, answering GET /ok (200) and nothing else; returns its log lines. */
async function logsOf(settings: Settings, urls: string[]) {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify(loggerOptions(settings, { write: (line) => lines.push(JSON.parse(line)) }));
  app.get('/ok', async () => ({ ok: true }));
  for (const url of urls) await app.inject({ url });
  await app.close();
  return lines;
}

describe('request logging', () => {
  it('writes one info line per request in production: method, url, status and duration in ms', async () => {
    const lines = await logsOf({ NODE_ENV: 'production', LOG_LEVEL: 'info' }, ['/ok?page=2', '/missing']);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/ok?page=2',
      statusCode: 200,
      msg: expect.stringMatching(/^GET \/ok\?page=2 200 \d+(\.\d)? ms$/),
    });
    expect(lines[0]!.durationMs).toEqual(expect.any(Number));
    expect(lines[0]!.durationMs).toBeGreaterThanOrEqual(0);
    expect(lines[1]).toMatchObject({ level: 30, url: '/missing', statusCode: 404 });
  });

  it('is quiet in development at info and logs the same line at debug', async () => {
    expect(await logsOf({ NODE_ENV: 'development', LOG_LEVEL: 'info' }, ['/ok'])).toEqual([]);
    const debug = await logsOf({ NODE_ENV: 'development', LOG_LEVEL: 'debug' }, ['/ok']);
    expect(debug).toEqual([expect.objectContaining({ level: 20, url: '/ok', statusCode: 200 })]);
  });

  it('never writes an API key or a session cookie, even when a handler logs the request headers', async () => {
    const secret = 'lp_0123456789abcdefghijABCDEFGHIJkl';
    const lines: string[] = [];
    const app = Fastify(
      loggerOptions({ NODE_ENV: 'production', LOG_LEVEL: 'info' }, { write: (line) => lines.push(line) }),
    );
    app.get('/echo', async (request) => {
      request.log.info({ headers: request.headers }, 'headers');
      request.log.info({ req: { headers: request.headers } }, 'request');
      return { ok: true };
    });
    await app.inject({
      url: '/echo?page=1',
      headers: { authorization: `Bearer ${secret}`, cookie: 'better-auth.session_token=abc.def' },
    });
    await app.close();
    expect(lines).toHaveLength(3);
    const text = lines.join('');
    expect(text).not.toContain(secret);
    expect(text).not.toContain('abc.def');
    expect(JSON.parse(lines[0]!).headers).toMatchObject({
      authorization: '[redacted]',
      cookie: '[redacted]',
    });
    // A logged request goes through Fastify's serializer, which keeps no headers at all.
    expect(JSON.stringify(JSON.parse(lines[1]!).req ?? {})).not.toContain('authorization');
  });
});
