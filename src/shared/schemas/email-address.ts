import { z } from 'zod';

/**
 * Why an address with characters beyond ASCII is refused (docs/product.md#validation): mail to it
 * needs SMTPUTF8 (RFC 6531) on every server on its way, the recipient's included, which LinkPilot
 * cannot know before sending. A domain has an ASCII form (IDNA, RFC 5891: `xn--…`) that works today.
 */
export const nonAsciiEmailMessages = {
  localPart: 'Addresses with non-ASCII characters before the @ (like ë) can’t be used yet',
  domain: 'Write the domain after the @ in its ASCII form (xn--…): non-ASCII domains can’t be used yet',
} as const;

const NON_ASCII = /[\u0080-\uffff]/;

/** The reason an address is refused: nonAsciiEmailMessages when it has non-ASCII characters, else `invalid`. */
function refusal(input: unknown, invalid: string): string {
  const address = typeof input === 'string' ? input : '';
  const at = address.lastIndexOf('@');
  if (at < 0) return invalid;
  if (NON_ASCII.test(address.slice(0, at))) return nonAsciiEmailMessages.localPart;
  if (NON_ASCII.test(address.slice(at + 1))) return nonAsciiEmailMessages.domain;
  return invalid;
}

/**
 * zod's email format check for every address a form or the API takes (sign-up and sign-in,
 * invitations, prospects and CSV rows, mailboxes): refused with `invalid`, or with the reason from
 * nonAsciiEmailMessages for an internationalised address, which it does not accept.
 */
export function emailFormat(invalid: string) {
  return z.email({ error: (issue) => refusal(issue.input, invalid) });
}
