import { describe, expect, it } from 'vitest';
import { dsnAddress, parseDeliveryStatus } from './dsn';

describe('RFC 3464 delivery-status fields', () => {
  it('reads one block per recipient, in either order of the recipient fields', () => {
    const text = [
      'Reporting-MTA: dns; mx.example',
      'Arrival-Date: Mon, 23 Nov 2026 09:00:00 +0000',
      '',
      'Final-Recipient: rfc822; a@one.example',
      'Original-Recipient: rfc822;A@One.example',
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 <a@one.example>: Recipient address',
      '    rejected: User unknown',
      '',
      'Original-Recipient: rfc822;b@two.example',
      'Final-Recipient: RFC822; <b@two.example>',
      'Action: delayed',
      'Status: 4.4.1 (Persistent transient failure)',
    ].join('\n');
    expect(parseDeliveryStatus(text)).toEqual([
      {
        finalRecipient: 'a@one.example',
        originalRecipient: 'a@one.example',
        action: 'failed',
        status: '5.1.1',
        diagnostic: '550 5.1.1 <a@one.example>: Recipient address rejected: User unknown',
      },
      {
        finalRecipient: 'b@two.example',
        originalRecipient: 'b@two.example',
        action: 'delayed',
        status: '4.4.1',
        diagnostic: null,
      },
    ]);
  });

  it('keeps a quoted local part and drops a trailing dot', () => {
    expect(dsnAddress('rfc822; "a..b"@c.example')).toBe('"a..b"@c.example');
    expect(dsnAddress('rfc822; <X@Y.example.>')).toBe('x@y.example');
    expect(dsnAddress('x-unknown; |/usr/bin/procmail')).toBeNull();
  });

  it('takes a bare host name only for an address standing alone, not in a source route', () => {
    expect(dsnAddress('rfc822; <Anna@Mailhost>')).toBe('anna@mailhost');
    expect(dsnAddress('rfc822;@relay.example:anna@mailhost')).toBeNull();
  });
});
