/**
 * PostgreSQL `text` cannot hold the NUL character (U+0000): an insert carrying one fails. Text from
 * outside (mail, crawled pages, search results, API input) is cleaned or refused at the edge with
 * these two functions, so no background run stops on it.
 */

/** True when `s` contains a NUL character. */
export function hasNul(s: string): boolean {
  return s.includes('\u0000');
}

/** `s` without NUL characters (other characters, including other control characters, kept). */
export function withoutNul(s: string): string {
  return hasNul(s) ? s.replaceAll('\u0000', '') : s;
}
