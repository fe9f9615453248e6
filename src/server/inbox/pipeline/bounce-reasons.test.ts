import { describe, expect, it } from 'vitest';
import { decideReason, effectOf, reasonInText, reasonOfStatus } from './bounce-reasons';

const decide = (words: string, status: string | null, statement = '', atData = false) =>
  decideReason({ words, statement, status, replyCode: /\b([45]\d\d)\b/.exec(words)?.[1] ?? null, atData });

describe('bounce reasons', () => {
  it.each([
    [
      '550 5.1.1 <a@b.example>: Recipient address rejected: User unknown in local recipient table',
      'userunknown',
    ],
    ['550 5.1.1 The email account that you tried to reach does not exist.', 'userunknown'],
    ['Host or domain name not found. Name service error for name=b.example type=A', 'hostunknown'],
    ['552 5.2.2 Mailbox full', 'mailboxfull'],
    ['452 4.2.2 The email account that you tried to reach is over quota.', 'mailboxfull'],
    ['554 5.7.1 Service unavailable; Client host [192.0.2.1] blocked using zen.spamhaus.org', 'blocked'],
    [
      '550 5.7.26 Unauthenticated email from sender.example is not accepted due to DMARC policy',
      'authfailure',
    ],
    ['550 5.7.1 Message rejected as spam by Content Filtering', 'spamdetected'],
    ['554 5.7.1 <a@b.example>: Relay access denied', 'norelaying'],
    ['550 5.2.1 The email account that you tried to reach is disabled.', 'suspend'],
    ['556 5.1.10 Recipient address has null MX; domain does not accept mail', 'notaccept'],
    ['553 shop.example does not exist', 'hostunknown'],
    ['550 Mailbox john.doe does not exist', 'userunknown'],
    ['Connection timed out', 'networkerror'],
    ["I'm not going to try again; this message has been in the queue too long.", 'expired'],
    ['550 5.7.25 The IP address sending this message does not have a PTR record setup', 'requireptr'],
  ])('%s → %s', (words, reason) => {
    expect(reasonInText(words)).toBe(reason);
  });

  it('does not read the rfc822 address type as a standards complaint', () => {
    expect(reasonInText('Final-Recipient: rfc822; a@b.example')).toBeNull();
    expect(reasonInText('550 5.6.0 Message is not RFC 5322 compliant')).toBe('notcompliantrfc');
  });

  it('maps enhanced status codes (RFC 3463)', () => {
    expect(reasonOfStatus('5.1.1')).toBe('userunknown');
    expect(reasonOfStatus('5.1.2')).toBe('hostunknown');
    expect(reasonOfStatus('5.2.2')).toBe('mailboxfull');
    expect(reasonOfStatus('5.1.8')).toBe('rejected');
    expect(reasonOfStatus('4.4.7')).toBe('expired');
    expect(reasonOfStatus('5.7.1')).toBe('blocked');
    expect(reasonOfStatus('5.0.0')).toBeNull();
    expect(reasonOfStatus(null)).toBeNull();
  });

  it('reads the words first, then the status, then the statement', () => {
    expect(decide('550 5.1.1 Mailbox is full', '5.1.1')).toBe('mailboxfull');
    expect(decide('550 Rejected', '5.1.2')).toBe('hostunknown');
    expect(decide('550 Rejected', null, 'The user does not exist')).toBe('userunknown');
    expect(decide('550 Rejected 0x2a', '5.0.0')).toBe('undefined');
  });

  it('does not believe "no such user" when the status blames our sender', () => {
    expect(decide('553 5.1.8 <root@sender.example>... User unknown', '5.1.8')).toBe('rejected');
  });

  it('reads "no such user" after DATA without a specific status as a filter verdict', () => {
    expect(decide('550 User unknown', null, '', true)).toBe('filtered');
    expect(decide('550 5.1.1 User unknown', '5.1.1', '', true)).toBe('userunknown');
  });

  it('gives each reason its effect; a dead address is hard only when stated permanently', () => {
    expect(effectOf('userunknown', true)).toBe('hard');
    expect(effectOf('userunknown', false)).toBe('soft');
    expect(effectOf('hostunknown', true)).toBe('hard');
    expect(effectOf('mailboxfull', true)).toBe('soft');
    expect(effectOf('mailererror', true)).toBe('soft');
    expect(effectOf('blocked', true)).toBe('policy');
    expect(effectOf('authfailure', true)).toBe('policy');
    expect(effectOf('undefined', true)).toBe('soft');
    expect(effectOf('delayed', false)).toBe('delay');
  });
});
