import type { FixtureAnswer } from './fixture-web';

/** A small HTML page for fixture sites: a title, paragraphs of text and links (`[text, href]`). */
export function fixturePage(title: string, text: string, links: [string, string][] = [], extra = ''): string {
  const anchors = links.map(([label, href]) => `<a href="${href}">${label}</a>`).join(' ');
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p><nav>${anchors}</nav>${extra}</body></html>`;
}

const BIKES =
  'Bicycle touring, gravel bikes, cycling routes, bike repair, saddle, pedals, wheels, derailleur gears and bikepacking trips for cyclists.';
const BAKING =
  'Sourdough bread, cakes, flour, butter, oven temperatures, pastry recipes and baking tips for bakers.';

/**
 * A small web about bicycles for discovery tests: the campaign site bikeshop.test, competitors
 * rivalbikes.test and pedalpro.test, and the sites around them —
 * tourblog.test links to both competitors (link intersect; obfuscated address on /kontakt),
 * gearreview.test links to one (editor@ address, plus noreply@ and support@),
 * cyclingnews.test has a write-for-us page (pitches@), bakery.test is off topic,
 * contacted.test links to a competitor but was contacted recently, and github.com is a platform.
 */
export function bicycleWeb(): Record<string, Record<string, FixtureAnswer>> {
  return {
    'www.bikeshop.test': {
      '/': fixturePage('Bike Shop', `${BIKES} Our shop sells touring bikes.`, [
        ['Blog', '/blog'],
        ['Cycling news', 'http://cyclingnews.test/'],
        ['Our blog', 'http://blog.bikeshop.test/'],
        ['Code', 'http://github.com/bikeshop'],
      ]),
      '/blog': fixturePage('Bike Shop Blog', `${BIKES} Gravel bikes and touring routes explained.`),
    },
    'rivalbikes.test': {
      '/': fixturePage('Rival Bikes', `${BIKES} Rival bikes for every cyclist.`, [
        ['Friends', 'http://tourblog.test/'],
        ['Bread', 'http://bakery.test/'],
        ['Partner', 'http://contacted.test/'],
      ]),
    },
    'pedalpro.test': {
      '/': fixturePage('Pedal Pro', `${BIKES} Pedals and wheels for pros.`, [
        ['Reviews', 'http://gearreview.test/best-gravel-bikes'],
      ]),
    },
    'tourblog.test': {
      '/': fixturePage('Tour Blog', `${BIKES} Our bikepacking trips across the Alps.`, [
        ['Rival Bikes', 'http://rivalbikes.test/'],
        ['Pedal Pro', 'http://pedalpro.test/'],
        ['Kontakt', '/kontakt'],
      ]),
      '/kontakt': fixturePage(
        'Kontakt',
        `Schreiben Sie an redaktion [at] tourblog [dot] test. ${BIKES}`,
        [],
        '<meta name="author" content="Tina Tour">',
      ),
    },
    'gearreview.test': {
      '/': fixturePage('Gear Review', `${BIKES} Honest bike gear reviews.`, [['Contact', '/contact']]),
      '/best-gravel-bikes': fixturePage('Best gravel bikes', `${BIKES} We tested gravel bikes.`, [
        ['Rival Bikes gravel', 'http://rivalbikes.test/gravel'],
      ]),
      '/contact': fixturePage(
        'Contact',
        'Questions? support@gearreview.test. Pitches: <a href="mailto:editor@gearreview.test">editor</a>. Notifications come from noreply@gearreview.test.',
      ),
    },
    'cyclingnews.test': {
      '/': fixturePage('Cycling News', `${BIKES} Daily cycling news.`, [['Write for us', '/write-for-us']]),
      '/write-for-us': fixturePage(
        'Write for us',
        `${BIKES} Send your guest post pitch to pitches@cyclingnews.test.`,
      ),
    },
    'bakery.test': {
      '/': fixturePage('Bakery', `${BAKING} Visit our bakery.`, [['Contact', '/contact']]),
      '/contact': fixturePage('Contact', 'Mail hello@bakery.test'),
    },
    'contacted.test': {
      '/': fixturePage('Contacted', `${BIKES} Rival bikes partner.`, [['Rival', 'http://rivalbikes.test/']]),
    },
    'blog.bikeshop.test': { '/': fixturePage('Our own blog', BIKES, [['Rival', 'http://rivalbikes.test/']]) },
  };
}

const COFFEE =
  'Coffee roasting, espresso, beans, grinders, brewing methods, pour over, latte art, milk foam and barista tips for coffee lovers.';

/** A contact page naming its author (meta author) and a mailto address. */
const contactPage = (title: string, author: string, email: string) =>
  fixturePage(
    title,
    `${COFFEE} Write to <a href="mailto:${email}">${author}</a>.`,
    [],
    `<meta name="author" content="${author}">`,
  );

/**
 * The end-to-end journey's web about coffee: the campaign site www.roastery.test, competitors
 * beanrival.test and brewmaster.test, and five prospect sites with a named contact each —
 * espressodaily.test links to both competitors, grindreview.test and brewguide.test to one each,
 * latteletters.test is linked from a competitor, coffeenews.test has a write-for-us page and is
 * linked from the campaign site. Host names differ from bicycleWeb()'s, so both webs can be served together.
 */
export function coffeeWeb(): Record<string, Record<string, FixtureAnswer>> {
  return {
    'www.roastery.test': {
      '/': fixturePage('Roastery', `${COFFEE} We roast single-origin beans every week.`, [
        ['Brewing guide', '/brewing'],
        ['Coffee news', 'http://coffeenews.test/'],
      ]),
      '/brewing': fixturePage('Brewing guide', `${COFFEE} Pour over and espresso explained.`),
    },
    'beanrival.test': {
      '/': fixturePage('Bean Rival', `${COFFEE} Beans for every espresso machine.`, [
        ['Espresso Daily', 'http://espressodaily.test/'],
        ['Grind Review', 'http://grindreview.test/'],
        ['Latte Letters', 'http://latteletters.test/'],
      ]),
    },
    'brewmaster.test': {
      '/': fixturePage('Brew Master', `${COFFEE} Brewing gear for baristas.`, [
        ['Espresso Daily', 'http://espressodaily.test/'],
        ['Brew Guide', 'http://brewguide.test/'],
      ]),
    },
    'espressodaily.test': {
      '/': fixturePage('Espresso Daily', `${COFFEE} A daily espresso column.`, [
        ['Bean Rival', 'http://beanrival.test/'],
        ['Brew Master', 'http://brewmaster.test/'],
        ['Contact', '/contact'],
      ]),
      '/contact': contactPage('Contact', 'Emma Crema', 'emma@espressodaily.test'),
    },
    'grindreview.test': {
      '/': fixturePage('Grind Review', `${COFFEE} Honest grinder reviews.`, [
        ['Bean Rival', 'http://beanrival.test/'],
        ['Contact', '/contact'],
      ]),
      '/contact': contactPage('Contact', 'Gus Burr', 'gus@grindreview.test'),
    },
    'latteletters.test': {
      '/': fixturePage('Latte Letters', `${COFFEE} Letters about latte art.`, [['About', '/about']]),
      '/about': contactPage('About', 'Lara Foam', 'lara@latteletters.test'),
    },
    'brewguide.test': {
      '/': fixturePage('Brew Guide', `${COFFEE} Brewing guides for beginners.`, [
        ['Brew Master', 'http://brewmaster.test/'],
        ['Contact', '/contact'],
      ]),
      '/contact': contactPage('Contact', 'Bruno Drip', 'bruno@brewguide.test'),
    },
    'coffeenews.test': {
      '/': fixturePage('Coffee News', `${COFFEE} Daily coffee news.`, [['Write for us', '/write-for-us']]),
      '/write-for-us': contactPage('Write for us', 'Nora Bean', 'nora@coffeenews.test'),
    },
  };
}
