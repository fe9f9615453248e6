// The package path, not `punycode`: in Node that bare name is the deprecated built-in module.
import punycode from 'punycode/punycode.js';

/**
 * A host name as people read it: each IDNA label (`xn--…`, RFC 3492 / RFC 5891) decoded to Unicode,
 * e.g. `xn--mnchen-3ya.de` → `münchen.de`. A label that does not decode stays as stored. Hosts are
 * stored and linked in their ASCII (punycode) form; this is for display only.
 */
export function displayHost(host: string): string {
  return host
    .split('.')
    .map((label) => {
      if (!/^xn--/i.test(label)) return label;
      try {
        return punycode.toUnicode(label.toLowerCase());
      } catch {
        return label;
      }
    })
    .join('.');
}

// Optional scheme and `//`, optional user info, then the host (an IPv6 literal is left alone).
const AUTHORITY = /^((?:[a-z][a-z0-9+.-]*:)?\/\/)?([^/?#@\s]*@)?([^/?#:[\]\s]+)/i;

/**
 * A website, domain or URL as people read it: the host in Unicode (see displayHost), the scheme,
 * port, path, query and fragment exactly as given. `https://xn--mnchen-3ya.de/a` → `https://münchen.de/a`,
 * `xn--mnchen-3ya.de` → `münchen.de`. Text that is not one of these comes back unchanged.
 */
export function displayUrl(value: string): string {
  return value.replace(
    AUTHORITY,
    (_match, scheme: string | undefined, userInfo: string | undefined, host: string) =>
      `${scheme ?? ''}${userInfo ?? ''}${displayHost(host)}`,
  );
}
