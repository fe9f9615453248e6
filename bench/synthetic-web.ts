/**
 * A deterministic synthetic web for benchmarks: `sites` hosts of `pagesPerSite` pages, each page
 * about 40 KB of HTML like a blog article (navigation, paragraphs, 60 links of which a few go to
 * other sites, scripts and styles to skip, a footer with a contact address).
 */
const WORDS =
  'bike gravel touring route wheel saddle pedal chain gear frame tyre brake climb descent coffee map trail ride journey mountain river camp tent light rain wind summer winter repair tool pump helmet jersey race club friend city coast valley forest bridge village'.split(
    ' ',
  );

function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

export const siteHost = (i: number) => `site${i}.bench`;

/** The HTML of page `page` of site `site` in a web of `sites` sites. */
export function syntheticPage(site: number, page: number, sites: number, pagesPerSite: number): string {
  const rand = random(site * 7919 + page * 104729 + 1);
  const pick = () => WORDS[Math.floor(rand() * WORDS.length)]!;
  const sentence = () => Array.from({ length: 12 + Math.floor(rand() * 10) }, pick).join(' ');
  const paragraphs = Array.from(
    { length: 40 },
    () => `<p>${sentence()}. ${sentence()}. ${sentence()}.</p>`,
  ).join('\n');
  const internal = Array.from(
    { length: 50 },
    (_, i) => `<a href="/p${(page + i + 1) % pagesPerSite}">${pick()} ${pick()}</a>`,
  ).join(' ');
  const external = Array.from({ length: 10 }, () => {
    const other = Math.floor(rand() * sites);
    return `<a href="http://${siteHost(other)}/p${Math.floor(rand() * pagesPerSite)}" rel="${rand() < 0.3 ? 'nofollow' : ''}">${pick()}</a>`;
  }).join(' ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${pick()} ${pick()} – Site ${site}</title>
<meta name="description" content="${sentence()}"><meta name="author" content="Author ${site}">
<style>${'.c{color:red}'.repeat(200)}</style><script>${'var a=1;'.repeat(300)}</script></head>
<body><header><nav>${internal}</nav></header><main><h1>${sentence()}</h1>${paragraphs}<aside>${external}</aside></main>
<footer>Contact: editor [at] ${siteHost(site)} · <a href="mailto:hello@${siteHost(site)}">Mail</a> · logo@2x.png</footer></body></html>`;
}
