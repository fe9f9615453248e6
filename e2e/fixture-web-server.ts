/**
 * The end-to-end tests' small web: bicycleWeb() served by host name through a proxy on
 * 127.0.0.1:{FIXTURE_WEB_PORT}, which the app under test uses as HTTP_PROXY and HTTPS_PROXY.
 * Each page answers after FIXTURE_WEB_DELAY_MS (default 250 ms), so a find-prospects run lasts a
 * few seconds and its progress can be watched. Runs until Playwright stops it.
 *
 * links.test/post/{token} is a blog post that links to shop.test (anchor "e2e tools") until a
 * test asks, with `GET http://127.0.0.1:{port}/links-test/{token}/removed`, for the link to go.
 */
import { bicycleWeb, fixturePage } from '../src/server/testing/fixture-sites';
import { startFixtureWeb } from '../src/server/testing/fixture-web';

const port = Number(process.env.FIXTURE_WEB_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('FIXTURE_WEB_PORT must be a port number');
const delayMs = Number(process.env.FIXTURE_WEB_DELAY_MS ?? 250);

const web = bicycleWeb();
/** links.test posts whose link was removed, by token. */
const removed = new Set<string>();
const linksPost = (token: string) =>
  fixturePage(
    'A post about tools',
    'We tried many tools this year.',
    removed.has(token) ? [] : [['e2e tools', 'http://shop.test/tools']],
  );

const fixture = await startFixtureWeb(
  (host, path) => {
    const control = /^\/links-test\/([\w-]+)\/removed$/.exec(path);
    if (host === '127.0.0.1' && control) {
      removed.add(control[1]!);
      return 'ok';
    }
    const post = /^\/post\/([\w-]+)$/.exec(path);
    if (host === 'links.test' && post) return linksPost(post[1]!);
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
