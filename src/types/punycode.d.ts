/** The `punycode` package (RFC 3492) ships no types: the part LinkPilot uses. */
declare module 'punycode/punycode.js' {
  const punycode: {
    /** Decodes each `xn--` label of a domain; other labels are returned as they are. @throws RangeError on bad input. */
    toUnicode(domain: string): string;
  };
  export default punycode;
}
