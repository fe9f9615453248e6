/**
 * The end-to-end tests' small web: bicycleWeb() and coffeeWeb() (the journey's) served by host name through a proxy on
 * 127.0.0.1:{FIXTURE_WEB_PORT}, which the app under test uses as HTTP_PROXY and HTTPS_PROXY.
 * Each page answers after FIXTURE_WEB_DELAY_MS (default 250 ms), so a find-prospects run lasts a
 * few seconds and its progress can be watched. Runs until Playwright stops it.
 */
import { bicycleWeb, coffeeWeb } from '../src/server/testing/fixture-sites';
import { startFixtureWeb } from '../src/server/testing/fixture-web';

const port = Number(process.env.FIXTURE_WEB_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('FIXTURE_WEB_PORT must be a port number');
const delayMs = Number(process.env.FIXTURE_WEB_DELAY_MS ?? 250);

const web = { ...bicycleWeb(), ...coffeeWeb() };
const fixture = await startFixtureWeb(
  (host, path) => {
    const page = web[host]?.[path.split('?')[0]!];
    if (page === undefined || path === '/robots.txt') return page;
    return typeof page === 'string' ? { body: page, delayMs } : { ...page, delayMs };
  },
  { port },
);
console.log(`fixture web listening at ${fixture.proxyUrl}`);

const stop = () => void fixture.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
