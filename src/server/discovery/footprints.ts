/**
 * Footprints: the words by which a page says it takes outside content or links (write for us,
 * guest posts, contributions, submissions, resource and link lists), in English and German, and
 * the words of the pages where a site gives its contacts.
 */

/** The kinds of link opportunity a page can announce, strongest first. */
export const FOOTPRINT_KINDS = ['write-for-us', 'guest-post', 'contribute', 'resources'] as const;
export type FootprintKind = (typeof FOOTPRINT_KINDS)[number];

const FOOTPRINT_PATTERNS: Record<FootprintKind, RegExp> = {
  'write-for-us':
    /\b(write (?:for|with) us|write for me|become an? (?:contributor|author|guest author)|contributor guidelines|guest author guidelines|submission guidelines|call for (?:writers|authors|contributors|articles))\b|für uns schreiben|autor(?:in)? werden|gastautor(?:in)? werden|schreib(?:en sie)? für uns/i,
  'guest-post':
    /\b(guest[ -]?posts?|guest[ -]?articles?|guest[ -]?blogg?(?:ing|er)?|accepting guest|sponsored posts?)\b|gastbeitr(?:a|ä)ge?|gastartikel|gastautor(?:en|in)?/i,
  contribute:
    /\b(contribute|contributing|submit (?:a|an|your) (?:site|link|article|post|story|tip|resource|guest post)|add (?:your|a) (?:site|link|url)|suggest a (?:site|link|resource))\b|beitrag einreichen|artikel einreichen|link (?:eintragen|vorschlagen)|seite eintragen|mitmachen/i,
  resources:
    /\b(resources|useful links|helpful links|recommended (?:sites|links|resources|reading)|link ?list|links? (?:page|collection)|blogroll|further reading)\b|nützliche links|nuetzliche links|linkliste|linksammlung|weiterführende links|linktipps|link-tipps|empfehlungen|ressourcen/i,
};

/** URL path words that mark the same pages (`/write-for-us/`, `/gastbeitrag`, `/resources.html`). */
const FOOTPRINT_PATH_PATTERNS: Record<FootprintKind, RegExp> = {
  'write-for-us':
    /(write-?for-?us|write-?for-?me|contributor-?guidelines|become-?a-?(contributor|author)|call-?for-?(writers|authors|contributors)|fuer-uns-schreiben|autor-werden)/i,
  'guest-post': /(guest-?post|guest-?blog|guest-?article|gastbeitrag|gastartikel|gastautor)/i,
  contribute:
    /(\/contribute\b|\/submit(-?(a|your))?-?(site|link|article|post)?\b|add-?(your-?)?(site|link|url)|link-eintragen|beitrag-einreichen)/i,
  resources:
    /(\/resources?\b|useful-?links|helpful-?links|\/links\/?$|\/links\.html?$|linkliste|linksammlung|linktipps|ressourcen|blogroll)/i,
};

/**
 * The footprint a page announces by its title, main headings or URL path, or null. Body text is
 * not used: a "Write for us" link in a footer does not make every page a guest-post page.
 */
export function detectFootprint(page: {
  url: string;
  title: string;
  headings: readonly string[];
}): FootprintKind | null {
  const path = safePath(page.url);
  const heading = [page.title, ...page.headings.slice(0, 3)].join(' \n ');
  for (const kind of FOOTPRINT_KINDS) {
    if (FOOTPRINT_PATTERNS[kind].test(heading) || FOOTPRINT_PATH_PATTERNS[kind].test(path)) return kind;
  }
  return null;
}

/** The footprint a link points at, by its anchor text or URL path (to decide what to follow). */
export function footprintOfLink(link: { url: string; text: string }): FootprintKind | null {
  const path = safePath(link.url);
  for (const kind of FOOTPRINT_KINDS) {
    if (FOOTPRINT_PATTERNS[kind].test(link.text) || FOOTPRINT_PATH_PATTERNS[kind].test(path)) return kind;
  }
  return null;
}

/** The kinds of page where a site names its contacts. */
export type ContactPageKind = 'contact' | 'imprint' | 'about' | 'write-for-us';

const CONTACT_PAGE_PATTERNS: [ContactPageKind, RegExp, RegExp][] = [
  [
    'contact',
    /^\s*(contact(?: us| me)?|get in touch|kontakt(?:ieren sie uns)?|kontaktformular)\s*$/i,
    /\/(contact|contact-us|contact-me|kontakt)(\.\w+)?\/?$/i,
  ],
  [
    'imprint',
    /^\s*(impressum|imprint|legal notice|legal|anbieterkennzeichnung)\s*$/i,
    /\/(impressum|imprint|legal-notice|legal)(\.\w+)?\/?$/i,
  ],
  [
    'about',
    /^\s*(about(?: us| me)?|über uns|ueber uns|über mich|wir über uns|team|our team|das team|who we are)\s*$/i,
    /\/(about|about-us|about-me|ueber-uns|uber-uns|über-uns|ueber-mich|team|wir)(\.\w+)?\/?$/i,
  ],
  ['write-for-us', FOOTPRINT_PATTERNS['write-for-us'], FOOTPRINT_PATH_PATTERNS['write-for-us']],
];

/** Which contact page a link leads to (by its anchor text, or its URL path), or null. */
export function contactPageKind(link: { url: string; text: string }): ContactPageKind | null {
  const path = safePath(link.url);
  for (const [kind, text, url] of CONTACT_PAGE_PATTERNS) {
    if (text.test(link.text) || url.test(path)) return kind;
  }
  return null;
}

function safePath(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname).toLowerCase();
  } catch {
    return '';
  }
}
