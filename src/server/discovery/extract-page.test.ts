import { describe, expect, it } from 'vitest';
import { extractPage } from './extract-page';

const html = `<!doctype html><html lang="de-DE"><head>
<title>Radwelt – Fahrrad &amp; Touren</title>
<meta name="description" content="Alles über Fahrräder">
<meta name="author" content="Jana Berg">
<script>var x = "hidden@script.de";</script>
<style>.a{content:"css@style.de"}</style>
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"Article","author":{"@type":"Person","name":"Max Muster","email":"mailto:max@radwelt.de"}}]}</script>
</head><body>
<h1>Gastbeitrag schreiben</h1>
<p>Schreib uns: redaktion (at) radwelt (punkt) de oder <a href="mailto:jana@radwelt.de?subject=Hallo">Mail</a>.</p>
<p>Logo: logo@2x.png</p>
<a href="/kontakt/?utm_source=nav#form">Kontakt</a>
<a href="https://shop.example.org/r?b=2&a=1" rel="nofollow sponsored">Shop</a>
<a href="//cdn.radwelt.de/x"><img src="x.png" alt="Bild"></a>
<a href="/cdn-cgi/l/email-protection#5a2e332a2a291a283b3e2d3f362e743e3f">[email protected]</a>
<span class="__cf_email__" data-cfemail="2149404d4d4e6153404556444d550f4544">[email protected]</span>
<a href="javascript:void(0)">JS</a>
<a rel="author" href="/autor/jana">Jana Berg</a>
<noscript>noscript text</noscript>
</body></html>`;

describe('extractPage', () => {
  const page = extractPage(html, 'https://www.radwelt.de/artikel/');

  it('reads title, description, language and headings', () => {
    expect(page.title).toBe('Radwelt – Fahrrad & Touren');
    expect(page.description).toBe('Alles über Fahrräder');
    expect(page.language).toBe('de');
    expect(page.headings).toEqual(['Gastbeitrag schreiben']);
    expect(page.footprint).toBe('guest-post');
  });

  it('keeps visible text only', () => {
    expect(page.text).toContain('Schreib uns');
    expect(page.text).not.toContain('hidden@script.de');
    expect(page.text).not.toContain('css@style.de');
    expect(page.text).not.toContain('noscript text');
  });

  it('resolves links with anchor text and rel', () => {
    expect(page.links).toContainEqual({ url: 'https://www.radwelt.de/kontakt/', text: 'Kontakt', rel: [] });
    expect(page.links).toContainEqual({
      url: 'https://shop.example.org/r?a=1&b=2',
      text: 'Shop',
      rel: ['nofollow', 'sponsored'],
    });
    expect(page.links).toContainEqual({ url: 'https://cdn.radwelt.de/x', text: 'Bild', rel: [] });
    expect(page.links.some((l) => l.url.startsWith('javascript'))).toBe(false);
    expect(page.links.some((l) => l.url.includes('email-protection'))).toBe(false);
  });

  it('finds mailto, obfuscated, Cloudflare and JSON-LD addresses, not image names', () => {
    expect([...page.emails].sort()).toEqual([
      'hallo@radwelt.de',
      'jana@radwelt.de',
      'max@radwelt.de',
      'redaktion@radwelt.de',
      'tipps@radwelt.de',
    ]);
  });

  it('names authors from meta, JSON-LD Person and rel=author', () => {
    expect(page.names).toEqual(expect.arrayContaining(['Jana Berg', 'Max Muster']));
  });

  it('takes no address from code samples and no footprint from a section heading', () => {
    const article = extractPage(
      `<title>Reading CSV in Python</title><h1>Reading CSV in Python</h1><pre>1,John,john@mail.com,24</pre>
       <p>Inline <code>bob@mail.com</code>; write to author@pyblog.dev</p><h2>Resources</h2>`,
      'https://pyblog.dev/csv/',
    );
    expect(article.emails).toEqual(['author@pyblog.dev']);
    expect(article.text).toContain('john@mail.com');
    expect(article.footprint).toBeNull();
  });

  it('ends an address where a link follows it without a space', () => {
    const footer = extractPage(
      '<div>Fragen an lizenzen@taz.de<a href="#"><span>zur mobilen Ansicht</span></a></div>',
      'https://taz.de/artikel/',
    );
    expect(footer.emails).toEqual(['lizenzen@taz.de']);
  });

  it('respects <base href>', () => {
    const based = extractPage('<base href="https://other.de/dir/"><a href="x">X</a>', 'https://a.de/');
    expect(based.links[0]!.url).toBe('https://other.de/dir/x');
  });
});
