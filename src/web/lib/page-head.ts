/**
 * Per-page head data: each public route declares `handle: { head }`, a function of its loader data.
 * The server renders it into <head> (title, description, canonical URL, Open Graph); in the browser
 * DocumentHead keeps the title and description in step on client-side navigation.
 */
export interface PageHead {
  title: string;
  description: string;
  /** A path under the site (e.g. /uploads/x.webp) or absolute URL for og:image. */
  image?: string | null;
  type?: 'website' | 'article';
  /** HTTP status of the server-rendered page (404 for a missing post). */
  status?: number;
  /** Keep out of search results (error pages). */
  noindex?: boolean;
}

export interface HeadHandle {
  head: (data: unknown) => PageHead;
}

const SITE = 'LinkPilot';

/** A dashboard page's heading, which the dashboard frame's skeleton shows before the page has loaded. */
export interface PageHeading {
  title: string;
  subtitle?: string;
}

/**
 * The head of a page behind sign-in (the dashboard, the auth screen): its own title, a common
 * description, kept out of search results, and optionally the page's heading. Such pages are rendered
 * in the browser only.
 */
export function appPageHandle(title: string, heading?: PageHeading): HeadHandle & { heading?: PageHeading } {
  return {
    head: () => ({
      title,
      description: 'LinkPilot: find link prospects, run outreach and track the links you win.',
      noindex: true,
    }),
    ...(heading ? { heading } : {}),
  };
}

/** The heading declared by the deepest of the matched routes' handles, if any. */
export function headingOf(handles: readonly unknown[]): PageHeading | undefined {
  for (let i = handles.length - 1; i >= 0; i--) {
    const handle = handles[i];
    if (typeof handle === 'object' && handle !== null && 'heading' in handle) {
      return (handle as { heading: PageHeading }).heading;
    }
  }
  return undefined;
}

/** The full document title: the page's title followed by the site name, unless it already starts with it. */
export function documentTitle(title: string): string {
  return title.startsWith(SITE) ? title : `${title} | ${SITE}`;
}

function hasHead(handle: unknown): handle is HeadHandle {
  return typeof (handle as HeadHandle | undefined)?.head === 'function';
}

/** The head of the deepest matched route that declares one. */
export function headOf(matches: readonly { handle?: unknown; data?: unknown }[]): PageHead | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i]!;
    if (hasHead(match.handle)) return match.handle.head(match.data);
  }
  return null;
}

const escapeAttr = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The <head> tags of a page at `pathname` (with its search) on the site at `appUrl`, all values escaped. */
export function headTags(head: PageHead, appUrl: string, pathname: string): string {
  const url = appUrl + pathname;
  const image = head.image ? (head.image.startsWith('/') ? appUrl + head.image : head.image) : null;
  const title = documentTitle(head.title);
  const tags = [
    `<title>${escapeAttr(title)}</title>`,
    `<meta name="description" content="${escapeAttr(head.description)}" />`,
    `<link rel="canonical" href="${escapeAttr(url)}" />`,
    head.noindex ? '<meta name="robots" content="noindex" />' : '',
    `<meta property="og:site_name" content="${SITE}" />`,
    `<meta property="og:type" content="${head.type ?? 'website'}" />`,
    `<meta property="og:title" content="${escapeAttr(head.title)}" />`,
    `<meta property="og:description" content="${escapeAttr(head.description)}" />`,
    `<meta property="og:url" content="${escapeAttr(url)}" />`,
    image ? `<meta property="og:image" content="${escapeAttr(image)}" />` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<link rel="alternate" type="application/rss+xml" title="LinkPilot Blog" href="${escapeAttr(appUrl)}/blog/rss.xml" />`,
  ];
  return tags.filter(Boolean).join('\n    ');
}
