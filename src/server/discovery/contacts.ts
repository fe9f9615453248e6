import { hostOf, isWithinDomain } from '../../shared/url-normalize';
import type { PageExtract } from './extract-page';
import { contactPageKind, type ContactPageKind } from './footprints';
import type { PageSource } from './page-source';

/** The contact chosen for a prospect site, the other addresses (best first) and the pages read. */
export interface SiteContact {
  email: string | null;
  name: string | null;
  alternatives: string[];
  /** The page the chosen address was found on. */
  pageUrl: string | null;
  pages: PageExtract[];
}

/** An address found on a page of the site, and what kind of page that was. */
export interface FoundEmail {
  email: string;
  pageKind: ContactPageKind | 'other';
  pageUrl: string;
}

const NO_REPLY = /^(no-?reply|do-?not-?reply|donotreply|mailer-daemon|postmaster|bounce[s]?|unsubscribe)\b/;
const EDITORIAL =
  /^(editor|editors|editorial|redaktion|redaction|content|blog|write|writers?|guest|guestpost|contribut\w*|submissions?|submit|pitch(es)?|press|presse|news|tips|story|stories|media|pr)\b/;
const GENERAL =
  /^(contact|kontakt|hello|hallo|hi|info|mail|office|team|general|inquiries|enquiries|anfrage|service)\b/;
const DEPARTMENT =
  /^(support|help|helpdesk|sales|billing|invoice|rechnung|accounts?|jobs|careers?|karriere|hr|privacy|datenschutz|dpo|gdpr|legal|abuse|security|webmaster|admin|hostmaster|compliance|ads|advertising|werbung|anzeigen)\b/;
const EXTRA_PAGE_KIND_ORDER: ContactPageKind[] = ['contact', 'write-for-us', 'about', 'imprint'];

/**
 * Scores an address for outreach: the site's own domain first (+100), then an editorial (+40)
 * or personal (+35: firstname.lastname, or the page's contact name) address over a general
 * one (+25), a department such as support or privacy (+10), never a no-reply one (excluded);
 * found on a contact or write-for-us page +5. Returns null for no-reply addresses.
 */
export function scoreEmail(found: FoundEmail, domain: string, names: readonly string[]): number | null {
  const [local = '', emailDomain = ''] = found.email.split('@');
  if (NO_REPLY.test(local)) return null;
  let score = isWithinDomain(emailDomain, domain) || isWithinDomain(domain, emailDomain) ? 100 : 0;
  const nameWords = names.flatMap((n) => n.toLowerCase().split(/\s+/)).filter((w) => w.length > 2);
  if (EDITORIAL.test(local)) score += 40;
  else if (/^[a-z]{2,}[._-][a-z]{2,}$/.test(local) || nameWords.some((w) => local.includes(w))) score += 35;
  else if (GENERAL.test(local)) score += 25;
  else if (DEPARTMENT.test(local)) score += 10;
  else score += 20;
  if (found.pageKind === 'contact' || found.pageKind === 'write-for-us') score += 5;
  return score;
}

/** Orders a site's addresses best first (see `scoreEmail`); no-reply addresses are dropped. */
export function rankEmails(
  found: readonly FoundEmail[],
  domain: string,
  names: readonly string[],
): FoundEmail[] {
  const best = new Map<string, { found: FoundEmail; score: number }>();
  for (const item of found) {
    const score = scoreEmail(item, domain, names);
    if (score === null) continue;
    const current = best.get(item.email);
    if (!current || score > current.score) best.set(item.email, { found: item, score });
  }
  return [...best.values()].sort((a, b) => b.score - a.score).map((e) => e.found);
}

/**
 * Reads a prospect site's likely contact pages — home, then linked contact, write-for-us,
 * about and imprint pages, then guessed paths when no address turned up — asking for at most
 * `maxPages` pages besides the known ones (a page read before costs nothing), and chooses the
 * best address and a contact name.
 */
export async function findSiteContact(
  origin: string,
  domain: string,
  knownPages: readonly PageExtract[],
  source: PageSource,
  maxPages: number,
): Promise<SiteContact> {
  const pages = new Map<string, { page: PageExtract; kind: ContactPageKind | 'other' }>();
  const add = (page: PageExtract | null, kind: ContactPageKind | 'other') => {
    if (page && !pages.has(page.url) && isWithinDomain(hostOf(page.url) ?? '', domain))
      pages.set(page.url, { page, kind });
  };
  for (const page of knownPages) add(page, contactPageKind({ url: page.url, text: page.title }) ?? 'other');
  let asked = 0;
  const visit = async (url: string, kind: ContactPageKind | 'other') => {
    asked++;
    add(await source.visit(url), kind);
  };
  const home = `${origin}/`;
  if (!pages.has(home)) await visit(home, 'other');

  const linked = new Map<ContactPageKind, string>();
  for (const { page } of [...pages.values()]) {
    for (const link of page.links) {
      const kind = contactPageKind(link);
      if (kind && !linked.has(kind) && isWithinDomain(hostOf(link.url) ?? '', domain))
        linked.set(kind, link.url);
    }
  }
  for (const kind of EXTRA_PAGE_KIND_ORDER) {
    const url = linked.get(kind);
    if (url && asked < maxPages && !pages.has(url)) await visit(url, kind);
  }
  const hasEmail = () => [...pages.values()].some(({ page }) => page.emails.length > 0);
  for (const [path, kind] of [
    ['/contact', 'contact'],
    ['/impressum', 'imprint'],
    ['/about', 'about'],
  ] as const) {
    if (hasEmail() || asked >= maxPages || linked.has(kind)) continue;
    await visit(`${origin}${path}`, kind);
  }

  const names = [...pages.values()].flatMap(({ page }) => page.names);
  const found = [...pages.values()].flatMap(({ page, kind }) =>
    page.emails.map((email) => ({ email, pageKind: kind, pageUrl: page.url })),
  );
  const ranked = rankEmails(found, domain, names);
  const chosen = ranked[0];
  const name =
    (chosen &&
      names.find((n) =>
        n.split(/\s+/).some((w) => w.length > 2 && chosen.email.includes(w.toLowerCase())),
      )) ??
    names[0] ??
    null;
  return {
    email: chosen?.email ?? null,
    name,
    alternatives: ranked.slice(1, 6).map((e) => e.email),
    pageUrl: chosen?.pageUrl ?? null,
    pages: [...pages.values()].map(({ page }) => page),
  };
}
