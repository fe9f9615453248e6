/**
 * The end-to-end tests' small web: bicycleWeb() and coffeeWeb() (the journey's) served by host name through a proxy on
 * 127.0.0.1:{FIXTURE_WEB_PORT}, which the app under test uses as HTTP_PROXY and HTTPS_PROXY.
 * Each page answers after FIXTURE_WEB_DELAY_MS (default 250 ms), so a find-prospects run lasts a
 * few seconds and its progress can be watched. Runs until Playwright stops it.
 *
 * links.test/post/{token} is a blog post that links to shop.test (anchor "e2e tools"), and
 * espressodaily.test/guest-posts/{token} the journey's guest post linking to www.roastery.test,
 * until a test asks, with `GET http://127.0.0.1:{port}/links-test/{token}/removed`, for the link to go;
 * `GET http://127.0.0.1:{port}/links-test/{token}/nofollow` turns the post's link nofollow instead.
 * claims.test/post/{token} is a publisher's post linking to mysite.example/guide (anchor "coffee
 * guide"), the warranty-claims journey's page.
 */
import { bicycleWeb, coffeeWeb, fixturePage } from '../src/server/testing/fixture-sites';
import { startFixtureWeb } from '../src/server/testing/fixture-web';

const port = Number(process.env.FIXTURE_WEB_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('FIXTURE_WEB_PORT must be a port number');
const delayMs = Number(process.env.FIXTURE_WEB_DELAY_MS ?? 250);

const web = { ...bicycleWeb(), ...coffeeWeb() };
/** Posts (links.test and the journey's guest posts) whose link was removed, by token. */
const removed = new Set<string>();
/** Posts whose link was turned nofollow, by token. */
const nofollowed = new Set<string>();
/** A post that links out with `link` ([anchor, href]) until its token is removed (or nofollow once switched). */
const linkingPost = (token: string, title: string, text: string, link: [string, string]) =>
  removed.has(token)
    ? fixturePage(title, text)
    : nofollowed.has(token)
      ? fixturePage(title, text, [], `<p><a href="${link[1]}" rel="nofollow">${link[0]}</a></p>`)
      : fixturePage(title, text, [link]);

const fixture = await startFixtureWeb(
  (host, path) => {
    const control = /^\/links-test\/([\w-]+)\/(removed|nofollow)$/.exec(path);
    if (host === '127.0.0.1' && control) {
      (control[2] === 'removed' ? removed : nofollowed).add(control[1]!);
      return 'ok';
    }
    const post = /^\/post\/([\w-]+)$/.exec(path);
    if (host === 'links.test' && post)
      return linkingPost(post[1]!, 'A post about tools', 'We tried many tools this year.', [
        'e2e tools',
        'http://shop.test/tools',
      ]);
    if (host === 'claims.test' && post)
      return linkingPost(post[1]!, 'Brewing at home', 'Our favourite pour over guides.', [
        'coffee guide',
        'https://mysite.example/guide',
      ]);
    const guest = /^\/guest-posts\/([\w-]+)$/.exec(path);
    if (host === 'espressodaily.test' && guest)
      return linkingPost(
        guest[1]!,
        'Pour over at home',
        'A guest post by the Roastery about pour over coffee.',
        ['Roastery', 'http://www.roastery.test/'],
      );
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
