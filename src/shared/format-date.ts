const postDate = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A post's date as the blog shows it, 'MMMM d, yyyy' (docs/product.md#limits), e.g. "November 21, 2026".
 * Read in UTC so the server-rendered page and the browser agree whatever their time zones.
 */
export function formatPostDate(iso: string): string {
  return postDate.format(new Date(iso));
}
