import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { returnDate } from './auto-reply';
import { classifyInbound } from './classify';

const received = new Date('2026-11-23T10:00:00Z');
const ours = '<3f2a9c1e-0001@sender.example>';
const parse = (raw: string) => simpleParser(raw.replace(/\n/g, '\r\n'));

/** RFC 3464 report as Postfix sends it. */
const postfix = `From: MAILER-DAEMON@mx.blog.example (Mail Delivery System)
To: grace@sender.example
Subject: Undelivered Mail Returned to Sender
Auto-Submitted: auto-replied
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
Diagnostic-Code: smtp; 550 5.1.1 User unknown

--B1
Content-Type: text/rfc822-headers

From: Grace Hopper <grace@sender.example>
To: anna@blog.example
Subject: Idea for blog.example
Message-ID: ${ours}

--B1--
`;

/** Gmail's bounce: also RFC 3464, from mailer-daemon@googlemail.com, with the original attached. */
const gmail = `From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>
To: grace@sender.example
Subject: Delivery Status Notification (Failure)
MIME-Version: 1.0
Content-Type: multipart/report; boundary="G1"; report-type=delivery-status

--G1
Content-Type: text/plain; charset="UTF-8"

** Address not found **
Your message wasn't delivered to nobody@gmail.example because the address couldn't be found.

--G1
Content-Type: message/delivery-status

Reporting-MTA: dns; googlemail.com

Final-Recipient: rfc822; nobody@gmail.example
Action: failed
Status: 5.1.1
Remote-MTA: dns; gmail-smtp-in.l.google.com.
Diagnostic-Code: smtp; 550-5.1.1 The email account that you tried to reach does not exist.

--G1
Content-Type: message/rfc822

From: Grace Hopper <grace@sender.example>
To: nobody@gmail.example
Subject: Idea
Message-ID: ${ours}

Hi!
--G1--
`;

/** Exchange Online's non-delivery report (RFC 3464 with its own wording). */
const exchange = `From: Microsoft Outlook <postmaster@contoso.example>
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

--E1--
`;

/** qmail's "failure notice": no RFC 3464 report at all. */
const qmail = `From: MAILER-DAEMON@mail.old.example
To: grace@sender.example
Subject: failure notice

Hi. This is the qmail-send program at mail.old.example.
I'm afraid I wasn't able to deliver your message to the following addresses.
This is a permanent error; I've given up. Sorry it didn't work out.

<carl@old.example>:
550 5.7.1 Mailbox disabled

--- Below this line is a copy of the message.

Message-ID: ${ours}
Subject: Idea
`;

/** A delay notice: transient (4.x.x), not a failure. */
const delayed = postfix
  .replace('Action: failed', 'Action: delayed')
  .replace('Status: 5.1.1', 'Status: 4.4.1');

const message = (headers: string, body: string) =>
  `From: Anna Smith <anna@blog.example>\nTo: grace@sender.example\nDate: Mon, 23 Nov 2026 10:00:00 +0000\n${headers}\nContent-Type: text/plain; charset=utf-8\n\n${body}\n`;

describe('bounces (RFC 3464 and the big providers)', () => {
  it.each([
    ['Postfix', postfix, 'anna@blog.example', '5.1.1'],
    ['Gmail', gmail, 'nobody@gmail.example', '5.1.1'],
    ['Exchange Online', exchange, 'bob@contoso.example', '5.1.10'],
  ])('reads a hard bounce from %s', async (_server, raw, recipient, status) => {
    expect(classifyInbound(await parse(raw), received)).toMatchObject({
      kind: 'bounce',
      hard: true,
      recipient,
      status,
    });
  });

  it('finds the Message-ID of our bounced message in the report', async () => {
    expect(classifyInbound(await parse(postfix), received)).toMatchObject({ originalMessageId: ours });
    expect(classifyInbound(await parse(gmail), received)).toMatchObject({ originalMessageId: ours });
  });

  it('reads a non-standard qmail failure notice from its text', async () => {
    expect(classifyInbound(await parse(qmail), received)).toMatchObject({
      kind: 'bounce',
      hard: true,
      status: '5.7.1',
      recipient: 'carl@old.example',
      originalMessageId: ours,
    });
  });

  it('treats a delay notice (4.x.x) as soft', async () => {
    expect(classifyInbound(await parse(delayed), received)).toMatchObject({
      kind: 'bounce',
      hard: false,
      status: '4.4.1',
    });
  });
});

describe('automatic replies (RFC 3834 and common practice)', () => {
  it('recognises Auto-Submitted and reads the return date', async () => {
    const mail = await parse(
      message(
        'Subject: Automatic reply: Idea for blog.example\nAuto-Submitted: auto-replied',
        'I am out of the office until Wednesday, December 2, 2026 with limited access to email.',
      ),
    );
    expect(classifyInbound(mail, received)).toEqual({
      kind: 'auto-reply',
      returnsOn: new Date('2026-12-02T08:00:00Z'),
    });
  });

  it('recognises a German out-of-office note by its subject alone', async () => {
    const mail = await parse(
      message(
        'Subject: Abwesenheitsnotiz: Idee für blog.example',
        'Vielen Dank für Ihre Nachricht. Ich bin vom 20.11. bis 05.12.2026 nicht im Büro.',
      ),
    );
    expect(classifyInbound(mail, received)).toEqual({
      kind: 'auto-reply',
      returnsOn: new Date('2026-12-05T08:00:00Z'),
    });
  });

  it.each([
    ['X-Autoreply: yes', 'Subject: Re: Idea'],
    ['X-Autorespond: Thanks', 'Subject: Re: Idea'],
    ['Precedence: bulk', 'Subject: Re: Idea'],
    ['Precedence: auto_reply', 'Subject: Thanks for your message'],
  ])('recognises %s', async (flag, subject) => {
    const mail = await parse(
      message(`${subject}\n${flag}`, 'We received your message and will answer soon.'),
    );
    expect(classifyInbound(mail, received)).toEqual({ kind: 'auto-reply', returnsOn: null });
  });

  it('does not take Auto-Submitted: no for an automatic reply', async () => {
    const mail = await parse(
      message('Subject: Re: Idea\nAuto-Submitted: no', 'Sounds good — send me the draft.'),
    );
    expect(classifyInbound(mail, received)).toEqual({ kind: 'reply' });
  });
});

describe('unsubscribe requests and replies', () => {
  it.each([
    'Please remove me from your list.',
    'Not interested, thanks.',
    'Bitte austragen, kein Interesse.',
    'unsubscribe',
  ])('reads "%s" as an unsubscribe request', async (text) => {
    expect(classifyInbound(await parse(message('Subject: Re: Idea', text)), received)).toEqual({
      kind: 'unsubscribe',
    });
  });

  it('reads a reply that quotes our unsubscribe footer as a reply', async () => {
    const body = `Hi Grace, happy to take a guest post. What topic did you have in mind?\n\nOn Mon, 23 Nov 2026 at 09:00, Grace Hopper wrote:\n> Hi Anna,\n> If you would rather not hear from me again, unsubscribe here: https://app.example/u/x`;
    expect(classifyInbound(await parse(message('Subject: Re: Idea', body)), received)).toEqual({
      kind: 'reply',
    });
  });

  it('reads a plain answer as a reply', async () => {
    expect(
      classifyInbound(await parse(message('Subject: Re: Idea', 'Sure, send it over.')), received),
    ).toEqual({ kind: 'reply' });
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
