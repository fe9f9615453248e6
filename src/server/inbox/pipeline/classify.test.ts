import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { returnDate } from './auto-reply';
import { classifyInbound } from './classify';

const received = new Date('2026-11-23T10:00:00Z');
const ours = '<3f2a9c1e-0001@sender.example>';
/** Messages are parsed with CRLF line ends, as IMAP hands them over. */
const parse = (raw: string) => simpleParser(raw.replace(/\r?\n/g, '\r\n'));
const classify = async (raw: string) => classifyInbound(await parse(raw), received);

/** RFC 3464 report as Postfix sends it. */
const postfix = `Return-Path: <>
Delivered-To: grace@sender.example
From: MAILER-DAEMON@mx.blog.example (Mail Delivery System)
To: grace@sender.example
Subject: Undelivered Mail Returned to Sender
Auto-Submitted: auto-replied
In-Reply-To: ${ours}
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="B1"

--B1
Content-Type: text/plain

This is the mail system at host mx.blog.example.
I'm sorry to have to inform you that your message could not be delivered.

<anna@blog.example>: host mx.blog.example said: 550 5.1.1 <anna@blog.example>: Recipient address rejected: User unknown

--B1
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.blog.example

Final-Recipient: rfc822; anna@blog.example
Original-Recipient: rfc822;anna@blog.example
Action: failed
Status: 5.1.1
Diagnostic-Code: smtp; 550 5.1.1 <anna@blog.example>: Recipient address
    rejected: User unknown in local recipient table

--B1
Content-Type: text/rfc822-headers

From: Grace Hopper <grace@sender.example>
To: anna@blog.example
Subject: Idea for blog.example
Message-ID: ${ours}

--B1--
`;

/** A DSN from a server that leaves report-type out of multipart/report. */
const noReportType = `From: postmaster@mail.shop.example
To: grace@sender.example
Subject: Delivery failure
Content-Type: multipart/report; boundary="NR"

--NR
Content-Type: text/plain

Delivery to the following recipient failed.

--NR
Content-Type: message/delivery-status

Reporting-MTA: dns; mail.shop.example

Original-Recipient: rfc822;<Tom@Shop.example>
Final-Recipient: rfc822;<Tom@Shop.example>
Action: failed
Status: 5.2.2
Diagnostic-Code: smtp; 552 5.2.2 Mailbox full: user is over quota

--NR--
`;

/** Exchange Online's non-delivery report. */
const office365 = `From: Microsoft Outlook <postmaster@contoso.example>
To: grace@sender.example
Subject: Undeliverable: Idea for contoso.example
Content-Type: multipart/report; report-type=delivery-status; boundary="E1"

--E1
Content-Type: text/plain; charset="us-ascii"

Your message to bob@contoso.example couldn't be delivered.
bob wasn't found at contoso.example.

--E1
Content-Type: message/delivery-status

Reporting-MTA: dns;AM0PR01MB1234.eurprd01.prod.exchangelabs.com

Final-recipient: RFC822; bob@contoso.example
Action: failed
Status: 5.1.10
Diagnostic-code: smtp; 550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup

--E1
Content-Type: message/rfc822

From: Grace Hopper <grace@sender.example>
To: bob@contoso.example
Message-ID: ${ours}
Subject: Idea

Hi Bob
--E1--
`;

/** Exim's plain-text report: no RFC 3464 part, X-Failed-Recipients names the address. */
const exim = `Return-path: <>
From: Mail Delivery System <Mailer-Daemon@mx.garden.example>
To: grace@sender.example
Subject: Mail delivery failed: returning message to sender
Auto-Submitted: auto-replied
X-Failed-Recipients: lena@garden.example

This message was created automatically by mail delivery software.

A message that you sent could not be delivered to one or more of its
recipients. This is a permanent error. The following address(es) failed:

  lena@garden.example
    host mx.garden.example [192.0.2.10]
    SMTP error from remote mail server after RCPT TO:<lena@garden.example>:
    550 5.1.1 <lena@garden.example>: No such user here

------ This is a copy of the message, including all the headers. ------

Return-path: <grace@sender.example>
Message-ID: ${ours}
From: Grace Hopper <grace@sender.example>
To: lena@garden.example
Subject: Idea

Hi Lena
`;

/** qmail's "failure notice". */
const qmail = `From: MAILER-DAEMON@mail.old.example
To: grace@sender.example
Subject: failure notice

Hi. This is the qmail-send program at mail.old.example.
I'm afraid I wasn't able to deliver your message to the following addresses.
This is a permanent error; I've given up. Sorry it didn't work out.

<carl@old.example>:
192.0.2.7 does not like recipient.
Remote host said: 550 5.1.1 Sorry, no mailbox here by that name.
Giving up on 192.0.2.7.

--- Below this line is a copy of the message.

Return-Path: <grace@sender.example>
Message-ID: ${ours}
From: grace@sender.example
To: carl@old.example
Subject: Idea
`;

/** Exchange 2003's plain report: the first address in the text is our own (in "To:"). */
const exchange2003 = `Return-Path: <>
From: System Administrator <postmaster@corp.example>
To: grace@sender.example
Subject: Undeliverable: Idea

Your message

  To:      grace@sender.example
  Subject: Idea
  Sent:    Mon, 23 Nov 2026 09:00:00 +0000

did not reach the following recipient(s):

dora@corp.example on Mon, 23 Nov 2026 09:01:00 +0000
    The recipient name is not recognized
    MSEXCH:IMS:CORP:EXAMPLE:MAIL1 0 (000C05A6) Unknown Recipient
`;

/** Gmail's old plain-text report with the quoted original. */
const gmailPlain = `Return-Path: <>
From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>
To: grace@sender.example
Subject: Delivery Status Notification (Failure)

Delivery to the following recipient failed permanently:

     ed@nowhere.example

Technical details of permanent failure:
DNS Error: Domain name not found

----- Original message -----

From: Grace Hopper <grace@sender.example>
To: ed@nowhere.example
Subject: Idea
Message-ID: ${ours}

Hi Ed
`;

/** Amazon SES notification (JSON through SNS), with the long line wrapped in transport. */
const ses = `From: AWS Notifications <no-reply@sns.amazonaws.example>
To: grace@sender.example
Subject: AWS Notification Message

{"notificationType":"Bounce","bounce":{"bounceType":"Permanent","bounceSubType":"General","bouncedRecipients":[{"emailAddress":"Fay@Hotel.example","action":"failed","status":"5.1.1","diagnosticCode":"smtp; 550 5.1.1 user unknown"}]},"mail":{"source":"grace@sender.example","headers":[{"name":"From","value":"grace@sender.example"},{"name":"Message-ID","value":"${ours}"}]!
 ,"commonHeaders":{"to":["fay@hotel.example"]}}}

--
If you wish to stop receiving notifications from this topic, please click or visit the link below to unsubscribe:
https://sns.example/unsubscribe
`;

/** Postfix's delay notice: RFC 3464 with Action: delayed. */
const delayed = postfix
  .replace('Undelivered Mail Returned to Sender', 'Delayed Mail (still being retried)')
  .replace('Action: failed', 'Action: delayed')
  .replace('Status: 5.1.1', 'Status: 4.4.1')
  .replace(
    /Diagnostic-Code: smtp; 550 5\.1\.1 [^\n]+\n[^\n]+/,
    'Diagnostic-Code: X-Postfix; connect to mx.blog.example: Connection timed out',
  );

/** Exim's delay warning: plain text only. */
const eximDelay = `From: Mail Delivery System <Mailer-Daemon@mx.garden.example>
To: grace@sender.example
Subject: Warning: message 1abcDE-000123-XY delayed 24 hours
Auto-Submitted: auto-replied

This message was created automatically by mail delivery software.

A message that you sent has not yet been delivered to one or more of its
recipients after more than 24 hours on the queue on mx.garden.example.

  lena@garden.example
    Delay reason: SMTP error from remote mail server after RCPT TO:<lena@garden.example>:
    451 4.2.2 Mailbox temporarily over quota, user unknown to the cache

No action is required on your part. Delivery attempts will continue for
some time, and this warning may be repeated at intervals if the message
remains undelivered.
`;

/** A policy block: our sending server is on a block list. */
const spamhaus = postfix
  .replace(/Status: 5\.1\.1/, 'Status: 5.7.1')
  .replace(
    /Diagnostic-Code: smtp; 550 5\.1\.1 [^\n]+\n[^\n]+/,
    'Diagnostic-Code: smtp; 554 5.7.1 Service unavailable; Client host [192.0.2.1] blocked using\n    zen.spamhaus.org; listed at Spamhaus',
  );

/** DragonFly Mail Agent's report: text only, the SMTP reply over several lines. */
const dragonfly = `From: MAILER-DAEMON <>
To: grace@sender.example
Subject: Mail delivery failed

This is the DragonFly Mail Agent v0.13 at sender.example.

There was an error delivering your mail to <ian@mx.example>.

mx.example [192.0.2.5] did not like our RCPT TO:
550-5.1.1 The email account that you tried to reach does not exist. Please try
550 5.1.1 double-checking the recipient's email address for typos.

Message headers follow.

Message-Id: ${ours}
From: <grace@sender.example>
To: <ian@mx.example>
`;

/** mail.ru-style report in Russian, from a daemon, with X-Failed-Recipients. */
const russian = `Return-path: <>
From: mailer-daemon@corp.mail.example
To: grace@sender.example
Subject: =?UTF-8?B?0JLQsNGI0LUg0YHQvtC+0LHRidC10L3QuNC1INC90LUg0LTQvtGB0YLQsNCy0LvQtdC90L4=?=
X-Failed-Recipients: oleg@mail.example
Content-Type: text/plain; charset=utf-8

К сожалению, Ваше письмо не может быть доставлено одному или нескольким получателям:

  oleg@mail.example
    550 5.2.1 Mailbox disabled, not accepting messages
`;

/** A report naming only our own address: it must not be taken for the failed recipient. */
const ownAddressOnly = `Return-Path: <>
From: postmaster@relay.example
To: grace@sender.example
Subject: Returned mail: see transcript for details
Content-Type: multipart/report; report-type=delivery-status; boundary="OW"

--OW
Content-Type: text/plain

The original message from <grace@sender.example> could not be delivered.

--OW
Content-Type: message/delivery-status

Final-Recipient: rfc822; grace@sender.example
Action: failed
Status: 5.0.0

--OW--
`;

/** A success report (Action: delivered): no bounce. */
const deliveredReport = postfix
  .replace('Action: failed', 'Action: delivered')
  .replace('Status: 5.1.1', 'Status: 2.0.0');

const message = (headers: string, body: string) =>
  `From: Anna Smith <anna@blog.example>\nTo: grace@sender.example\nDate: Mon, 23 Nov 2026 10:00:00 +0000\n${headers}\nContent-Type: text/plain; charset=utf-8\n\n${body}\n`;

describe('bounces by structure (RFC 3464 and the servers’ own formats)', () => {
  it.each([
    ['Postfix (RFC 3464)', postfix, 'anna@blog.example', '5.1.1', 'userunknown'],
    ['Office 365', office365, 'bob@contoso.example', '5.1.10', 'userunknown'],
    ['Exim', exim, 'lena@garden.example', '5.1.1', 'userunknown'],
    ['qmail', qmail, 'carl@old.example', '5.1.1', 'userunknown'],
    ['Exchange 2003', exchange2003, 'dora@corp.example', null, 'userunknown'],
    ['Gmail (plain text)', gmailPlain, 'ed@nowhere.example', null, 'hostunknown'],
    ['Amazon SES', ses, 'fay@hotel.example', '5.1.1', 'userunknown'],
    ['DragonFly', dragonfly, 'ian@mx.example', '5.1.1', 'userunknown'],
  ])('%s: a dead address is a hard bounce', async (_server, raw, recipient, status, reason) => {
    expect(await classify(raw)).toMatchObject({
      kind: 'bounce',
      type: 'hard',
      hard: true,
      recipient,
      status,
      reason,
    });
  });

  it('finds the Message-ID of our message in the returned headers, part or quoted text', async () => {
    for (const raw of [postfix, office365, exim, qmail, gmailPlain, ses, dragonfly])
      expect(await classify(raw)).toMatchObject({ originalMessageId: ours });
  });

  it('keeps the server’s words as the diagnostic, continuation lines joined', async () => {
    const bounce = await classify(postfix);
    expect(bounce).toMatchObject({
      diagnostic:
        '550 5.1.1 <anna@blog.example>: Recipient address rejected: User unknown in local recipient table',
    });
  });

  it('decides by the status code when the report has no Diagnostic-Code', async () => {
    const bare = postfix
      .replace(/<anna@blog\.example>: host mx\.blog\.example said: [^\n]+\n/, '')
      .replace(/Diagnostic-Code: [^\n]+\n[^\n]+\n/, '');
    expect(await classify(bare)).toMatchObject({
      kind: 'bounce',
      hard: true,
      reason: 'userunknown',
      diagnostic: null,
    });
  });

  it('reads multipart/report without a report-type; mailbox full is soft', async () => {
    expect(await classify(noReportType)).toMatchObject({
      kind: 'bounce',
      type: 'soft',
      hard: false,
      reason: 'mailboxfull',
      status: '5.2.2',
      recipient: 'tom@shop.example',
    });
  });

  it('reads a non-English report from a daemon; a disabled mailbox is soft', async () => {
    expect(await classify(russian)).toMatchObject({
      kind: 'bounce',
      hard: false,
      reason: 'suspend',
      recipient: 'oleg@mail.example',
    });
  });

  it('reads a block-list refusal as a policy bounce, not a dead address', async () => {
    expect(await classify(spamhaus)).toMatchObject({
      kind: 'bounce',
      type: 'policy',
      hard: false,
      reason: 'blocked',
      status: '5.7.1',
      recipient: 'anna@blog.example',
    });
  });

  it('reads delay notices as delays, never hard', async () => {
    expect(await classify(delayed)).toMatchObject({
      kind: 'bounce',
      type: 'delay',
      hard: false,
      reason: 'delayed',
      status: '4.4.1',
    });
    expect(await classify(eximDelay)).toMatchObject({
      kind: 'bounce',
      type: 'delay',
      hard: false,
      recipient: 'lena@garden.example',
    });
  });

  it('reads a daemon’s message quoting an SMTP refusal, even titled as a reply', async () => {
    const raw = `From: post_master@mms.example\nTo: grace@sender.example\nSubject: Re: Idea\nIn-Reply-To: ${ours}\n\nError: Invalid user address\n\nError message below:\n550 - Requested action not taken: no such user here\n\nMessage details:\n  MAIL FROM: grace@sender.example\n  RCPT TO: joe@mms.example\n`;
    expect(await classify(raw)).toMatchObject({ kind: 'bounce', hard: true, recipient: 'joe@mms.example' });
  });

  it('never names the report’s own recipient (our mailbox) as the failed address', async () => {
    expect(await classify(ownAddressOnly)).toMatchObject({ kind: 'bounce', recipient: null });
    expect(await classify(exchange2003)).not.toMatchObject({ recipient: 'grace@sender.example' });
  });

  it('takes a bounce with In-Reply-To and Auto-Submitted for a bounce, not a reply or auto-reply', async () => {
    expect(await classify(postfix)).toMatchObject({ kind: 'bounce' });
  });

  it('does not take a success report for a bounce', async () => {
    expect(await classify(deliveredReport)).toEqual({ kind: 'auto-reply', returnsOn: null });
  });

  it('reads an unknown cause as a soft undefined bounce', async () => {
    const raw = exim.replace(
      '550 5.1.1 <lena@garden.example>: No such user here',
      '550 Rejected for administrative reasons 0x2a',
    );
    expect(await classify(raw)).toMatchObject({
      kind: 'bounce',
      hard: false,
      type: 'soft',
      reason: 'undefined',
    });
  });
});

/** Postfix reporting a local delivery after an alias: the DSN names the mailbox by a bare host name. */
const localDelivery = postfix
  .replace('Final-Recipient: rfc822; anna@blog.example', 'Final-Recipient: rfc822; anna@mailhost')
  .replace('Original-Recipient: rfc822;anna@blog.example', 'Original-Recipient: rfc822;info@blog.example');

/**
 * A report on a message the prospect's server forwarded back to the prospect's own other address:
 * the original's From is the failed address, its Return-Path (envelope sender) is our mailbox.
 */
const forwardedOriginal = `Return-Path: <>
From: MAILER-DAEMON@relay.blog.example (Mail Delivery System)
To: grace@sender.example
Subject: Undelivered Mail Returned to Sender
Content-Type: multipart/report; report-type=delivery-status; boundary="FW"

--FW
Content-Type: message/delivery-status

Reporting-MTA: dns; relay.blog.example

Final-Recipient: rfc822; anna@mail.example
Original-Recipient: rfc822;info@blog.example
Action: failed
Status: 5.7.26
Diagnostic-Code: smtp; 550 5.7.26 Unauthenticated mail is blocked

--FW
Content-Type: message/rfc822

Return-Path: <grace@sender.example>
From: anna@mail.example
To: info@blog.example
Subject: Idea
Message-ID: ${ours}

Hi
--FW--
`;

/** Exim refusing a recipient whose display name is itself an address. */
const nameAddr = `From: Mail Delivery System <Mailer-Daemon@mx.sender.example>
To: grace@sender.example
Subject: Mail delivery failed: returning message to sender
Auto-Submitted: auto-replied

This message was created automatically by mail delivery software.

A message that you sent contained one or more recipient addresses that were
incorrectly constructed:

  anna@blog.example <ann@blog.example>: malformed address: <ann@blog.example> may not follow anna@blog.example

This address has been ignored.
`;

/** A daemon's report whose notice part has a folded Content-Type without ';': mailparser attaches it. */
const noticeAsAttachment = `Return-Path: <>
From: "Mail Delivery System" <MAILER-DAEMON>
To: grace@sender.example
Subject: Returned mail: User unknown
Content-Type: multipart/mixed; boundary="MX"

--MX
Content-Type: text/plain

Hello

--MX
Content-Type: text/plain
   charset="us-ascii"

---The following addresses had delivery errors---

otto@shop.example [User unknown]

--MX--
`;

/** A relay's report returning another relay's delivery report, which names the failed address. */
const nestedReport = `Return-Path: <MAILER-DAEMON@gw.sender.example>
From: Mail Delivery Subsystem <MAILER-DAEMON@gw.sender.example>
To: alerts@gw.sender.example
Subject: Returned mail: User unknown
Content-Type: multipart/mixed; boundary="OUT"

--OUT
Content-Type: text/plain

----- The following addresses had permanent delivery errors -----

--OUT
Content-Type: message/rfc822

From: Mail Delivery Subsystem <MAILER-DAEMON@mx.blog.example>
To: grace@sender.example
Subject: Returned mail: User unknown
Content-Type: multipart/report; report-type=delivery-status; boundary="IN"

--IN
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.blog.example

Final-Recipient: rfc822; anna@blog.example
Action: failed
Status: 5.1.1
Diagnostic-Code: smtp; 550 5.1.1 User unknown

--IN--

--OUT--
`;

describe('the failed recipient', () => {
  it('takes a DSN address whose domain is a bare host name', async () => {
    expect(await classify(localDelivery)).toMatchObject({ kind: 'bounce', recipient: 'anna@mailhost' });
  });

  it('takes the original’s From when the original names another envelope sender', async () => {
    expect(await classify(forwardedOriginal)).toMatchObject({
      kind: 'bounce',
      recipient: 'anna@mail.example',
    });
  });

  it('never takes the original’s From when the original names no envelope sender', async () => {
    const noEnvelope = forwardedOriginal.replace('Return-Path: <grace@sender.example>\n', '');
    expect(await classify(noEnvelope)).toMatchObject({ kind: 'bounce', recipient: 'info@blog.example' });
    const fromUs = forwardedOriginal.replace('From: anna@mail.example', 'From: grace@sender.example');
    expect(await classify(fromUs.replace('anna@mail.example', 'grace@sender.example'))).toMatchObject({
      kind: 'bounce',
      recipient: 'info@blog.example',
    });
  });

  it('takes the address in angle brackets after a display name that looks like an address', async () => {
    expect(await classify(nameAddr)).toMatchObject({ kind: 'bounce', recipient: 'ann@blog.example' });
  });

  it('reads a notice part that mailparser left as an attachment', async () => {
    expect(await classify(noticeAsAttachment)).toMatchObject({
      kind: 'bounce',
      recipient: 'otto@shop.example',
    });
  });

  it('reads the fields of a delivery report returned inside another report', async () => {
    expect(await classify(nestedReport)).toMatchObject({
      kind: 'bounce',
      hard: true,
      status: '5.1.1',
      recipient: 'anna@blog.example',
    });
  });

  it('does not take a person’s message with a delivery report attached for a bounce', async () => {
    const forwarded = nestedReport
      .replace(
        /Return-Path: <MAILER-DAEMON@gw\.sender\.example>\nFrom: [^\n]+/,
        'From: Anna <anna@blog.example>',
      )
      .replace('Subject: Returned mail: User unknown', 'Subject: Look at this')
      .replace('----- The following addresses had permanent delivery errors -----', 'What is this about?');
    expect(await classify(forwarded)).toEqual({ kind: 'reply' });
  });
});

describe('robustness', () => {
  it('reads a message with NUL bytes and a broken charset without throwing', async () => {
    const raw = `From: someone@x.example\nTo: grace@sender.example\nSubject: Re: Idea\nContent-Type: text/plain; charset=x-no-such-charset\n\nSure\u0000 thing\u0000, send it.\n`;
    expect(await classify(raw)).toEqual({ kind: 'reply' });
  });

  it('reads a bounce with a NUL byte in its report', async () => {
    expect(await classify(exim.replace('No such user here', 'No such\u0000 user here'))).toMatchObject({
      kind: 'bounce',
      recipient: 'lena@garden.example',
    });
  });

  it('reads a 10,000-line body', async () => {
    const body = Array.from(
      { length: 10_000 },
      (_, i) => `line ${i} > >> ${'a@b.'.repeat(20)} 550 5.1.1`,
    ).join('\n');
    expect((await classify(message('Subject: Re: Idea', body))).kind).toBe('reply');
    const huge = exim.replace('------ This is a copy', `${body}\n------ This is a copy`);
    expect(await classify(huge)).toMatchObject({ kind: 'bounce', recipient: 'lena@garden.example' });
  });

  it('reads a parsed message without headers, text or attachments', () => {
    expect(classifyInbound({} as Parameters<typeof classifyInbound>[0], received)).toEqual({ kind: 'reply' });
  });

  it('reads headers only', async () => {
    expect(await classify('From: a@b.example\nSubject: hi\n\n')).toEqual({ kind: 'reply' });
  });
});

describe('replies, quotes and unsubscribe requests', () => {
  it.each([
    'Please remove me from your list.',
    'Not interested, thanks.',
    'Bitte austragen, kein Interesse.',
    'unsubscribe',
  ])('reads "%s" as an unsubscribe request', async (text) => {
    expect(await classify(message('Subject: Re: Idea', text))).toEqual({ kind: 'unsubscribe' });
  });

  it('reads a Gmail reply quoting our unsubscribe footer as a reply', async () => {
    const body = `Hi Grace, happy to take a guest post. What topic did you have in mind?\n\nOn Mon, 23 Nov 2026 at 09:00, Grace Hopper <grace@sender.example>\nwrote:\n\nHi Anna,\nIf you would rather not hear from me again, unsubscribe here: https://app.example/u/x`;
    expect(await classify(message('Subject: Re: Idea', body))).toEqual({ kind: 'reply' });
  });

  it('reads an Outlook reply whose quoted original carries an unsubscribe footer as a reply', async () => {
    const body = `Hello Grace,\n\nSounds interesting - can you send two or three topic ideas?\n\nBest,\nAnna\n\n________________________________\nFrom: Grace Hopper <grace@sender.example>\nSent: Monday, November 23, 2026 9:00 AM\nTo: Anna Smith <anna@blog.example>\nSubject: Idea for blog.example\n\nHi Anna,\n\nNot interested? Unsubscribe: https://app.example/u/x`;
    expect(await classify(message('Subject: RE: Idea for blog.example', body))).toEqual({ kind: 'reply' });
  });

  it('reads a German Outlook reply (Von/Gesendet/An/Betreff) as a reply', async () => {
    const body = `Hallo Grace,\n\ngerne, schicken Sie mir den Entwurf.\n\nViele Grüße\nAnna\n\nVon: Grace Hopper <grace@sender.example>\nGesendet: Montag, 23. November 2026 09:00\nAn: Anna Smith <anna@blog.example>\nBetreff: Idee für blog.example\n\nKein Interesse? Hier abmelden: https://app.example/u/x`;
    expect(await classify(message('Subject: AW: Idee für blog.example', body))).toEqual({ kind: 'reply' });
  });

  it('reads a French reply with "Le … a écrit :" as a reply', async () => {
    const body = `Bonjour, avec plaisir.\n\nLe lun. 23 nov. 2026 à 09:00, Grace Hopper <grace@sender.example> a écrit :\n> Not interested? Unsubscribe here.`;
    expect(await classify(message('Subject: RE: Idea', body))).toEqual({ kind: 'reply' });
  });

  it('reads a person writing about a failed delivery, quoting our message, as a reply', async () => {
    const body = `Hi Grace,\n\nyour first email was not delivered to my colleague, could you send it again?\n\nFrom: Grace Hopper <grace@sender.example>\nSent: Monday, November 23, 2026 9:00 AM\nTo: Anna Smith <anna@blog.example>\nSubject: Idea\n\nHi Anna`;
    expect(await classify(message('Subject: RE: Idea', body))).toEqual({ kind: 'reply' });
  });

  it('reads a person pasting an SES notification into their answer as a reply', async () => {
    const body = `Our logs show this for your message:\n${ses.split('\n\n')[1]}`;
    expect(await classify(message('Subject: Re: Idea', body))).toEqual({ kind: 'reply' });
  });

  it('reads a bounce a person forwards with quotes as their reply', async () => {
    const body = `FYI, my colleague's address is wrong:\n\n> This message was created automatically by mail delivery software.\n> The following address(es) failed: bob@blog.example`;
    expect(await classify(message('Subject: Re: Idea', body))).toEqual({ kind: 'reply' });
  });

  it('reads a plain answer as a reply', async () => {
    expect(await classify(message('Subject: Re: Idea', 'Sure, send it over.'))).toEqual({ kind: 'reply' });
  });
});

describe('challenge/response', () => {
  it.each([
    [
      'Subject: Please verify your email address',
      'I use a spam filter. To have your message delivered, click the link below and confirm you are a real person.',
    ],
    [
      'Subject: Re: Idea [Sender verification required]',
      'Your message is being held until you complete the sender verification: https://verify.example/x',
    ],
    [
      'Subject: Boxbe notification',
      'Hello, your message to anna@blog.example is waiting for approval (Boxbe).',
    ],
  ])('reads %s as a challenge, not a reply', async (subject, text) => {
    expect(await classify(message(subject, text))).toEqual({ kind: 'challenge' });
  });

  it('reads "please verify your email address" as a challenge only from an automatic sender', async () => {
    const text = 'Please verify your email address by clicking https://verify.example/x';
    expect(await classify(message('Subject: Re: Idea\nAuto-Submitted: auto-replied', text))).toEqual({
      kind: 'challenge',
    });
    expect(
      await classify(message('Subject: Re: Idea', 'Happy to. Could you verify your address first?')),
    ).toEqual({
      kind: 'reply',
    });
  });
});

describe('automatic replies (RFC 3834 and common practice)', () => {
  it('recognises Auto-Submitted and reads the return date', async () => {
    const mail = message(
      'Subject: Automatic reply: Idea for blog.example\nAuto-Submitted: auto-replied',
      'I am out of the office until Wednesday, December 2, 2026 with limited access to email.',
    );
    expect(await classify(mail)).toEqual({ kind: 'auto-reply', returnsOn: new Date('2026-12-02T08:00:00Z') });
  });

  it('recognises a German out-of-office note by its subject alone', async () => {
    const mail = message(
      'Subject: Abwesenheitsnotiz: Idee für blog.example',
      'Vielen Dank für Ihre Nachricht. Ich bin vom 20.11. bis 05.12.2026 nicht im Büro.',
    );
    expect(await classify(mail)).toEqual({ kind: 'auto-reply', returnsOn: new Date('2026-12-05T08:00:00Z') });
  });

  it.each([
    ['X-Autoreply: yes', 'Subject: Re: Idea'],
    ['X-Autorespond: Thanks', 'Subject: Re: Idea'],
    ['Precedence: bulk', 'Subject: Re: Idea'],
    ['Precedence: auto_reply', 'Subject: Thanks for your message'],
  ])('recognises %s', async (flag, subject) => {
    const mail = message(`${subject}\n${flag}`, 'We received your message and will answer soon.');
    expect(await classify(mail)).toEqual({ kind: 'auto-reply', returnsOn: null });
  });

  it('does not take Auto-Submitted: no for an automatic reply', async () => {
    const mail = message('Subject: Re: Idea\nAuto-Submitted: no', 'Sounds good — send me the draft.');
    expect(await classify(mail)).toEqual({ kind: 'reply' });
  });
});

describe('return dates', () => {
  it.each([
    ['back on December 2', '2026-12-02T08:00:00.000Z'],
    ['zurück am 3. Dezember', '2026-12-03T08:00:00.000Z'],
    ['returning 2026-12-04', '2026-12-04T08:00:00.000Z'],
    ['away 20 Nov – 1 Dec 2026', '2026-12-01T08:00:00.000Z'],
    ['back on January 5', '2027-01-05T08:00:00.000Z'],
  ])('%s → %s', (text, iso) => expect(returnDate(text, received)?.toISOString()).toBe(iso));

  it('ignores past dates, version numbers and dates too far ahead', () => {
    expect(returnDate('I was away on 20.11.2026', received)).toBeNull();
    expect(returnDate('Running version 1.2.3', received)).toBeNull();
    expect(returnDate('Back on 1 June 2027', received)).toBeNull();
  });
});
