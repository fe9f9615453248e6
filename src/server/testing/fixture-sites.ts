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
