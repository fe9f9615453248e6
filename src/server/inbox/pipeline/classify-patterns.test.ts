import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { classifyInbound } from './classify';

/**
 * The patterns by which real bounces were misread (docs/decisions/013-inbound-classification.md,
 * "Message-IDs, lists, brief notices and delays"): synthetic messages in the forms of the servers
 * that write them.
 */
const received = new Date('2026-11-23T10:00:00Z');
const parse = (raw: string) => simpleParser(raw.replace(/\r?\n/g, '\r\n'));
const classify = async (raw: string) => classifyInbound(await parse(raw), received);

/** A report without an RFC 3464 part from `from`, with the given extra headers and body. */
const notice = (from: string, subject: string, body: string, headers = '') =>
  `From: ${from}\nTo: grace@sender.example\nSubject: ${subject}\nDate: Mon, 23 Nov 2026 10:00:00 +0000\n${headers}Content-Type: text/plain\n\n${body}\n`;

describe('a Message-ID is never the failed recipient', () => {
  it('skips the Message-ID of the header fields a server copies before its failure list', async () => {
    for (const id of [
      '4b60fbc6-2c6d-4d45-8e6d-b154266224a8@sender.example',
      'idea.anna@mail.sender.example',
    ]) {
      const raw = notice(
        'postmaster@mail.blog.example',
        'Delivery Notification: Delivery has failed',
        `This report relates to a message you sent with the following header fields:\n\n  Message-id: <${id}>\n  Date: Mon, 23 Nov 2026 09:00:00 +0000\n  From: Grace Hopper <grace@sender.example>\n  Subject: Idea\n\nYour message cannot be delivered to the following recipients:\n\n  Recipient address: anna@blog.example\n  Reason: Remote SMTP server has rejected address\n  Diagnostic code: smtp;550 5.1.1 User Unknown`,
      );
      expect(await classify(raw)).toMatchObject({
        kind: 'bounce',
        hard: true,
        recipient: 'anna@blog.example',
      });
    }
  });

  it('skips a folded References field copied into the report', async () => {
    const raw = notice(
      'MAILER-DAEMON@mx.blog.example',
      'Returned mail: see transcript for details',
      `The original message had these fields:\nReferences: <first.idea@mail.sender.example>\n <second.idea@mail.sender.example>\n\nanna@blog.example... User unknown`,
    );
    expect(await classify(raw)).toMatchObject({ kind: 'bounce', recipient: 'anna@blog.example' });
  });

  it('skips a Message-ID the text names as the message', async () => {
    const raw = notice(
      'Mail Delivery System <MAILER-DAEMON@mx.blog.example>',
      'Undelivered Mail Returned to Sender',
      'Your message <idea.anna@mail.sender.example> could not be delivered to anna@blog.example: 550 5.1.1 user unknown',
    );
    expect(await classify(raw)).toMatchObject({ kind: 'bounce', recipient: 'anna@blog.example' });
  });

  it('skips a Message-ID named without brackets after its label', async () => {
    const raw = notice(
      'MAILER-DAEMON@mx.blog.example',
      'Returned mail: User unknown',
      'Your message (Message-ID: idea.anna@mail.sender.example) to anna@blog.example could not be delivered: user unknown',
    );
    expect(await classify(raw)).toMatchObject({ kind: 'bounce', recipient: 'anna@blog.example' });
  });

  it('skips tokens shaped as a mail program makes Message-IDs', async () => {
    const raw = notice(
      'MAILER-DAEMON@mx.blog.example',
      'Returned mail: User unknown',
      'Message 202611230900.4AB3C2D1E0@mx.sender.example could not be delivered.\nThe mail server for blog.example said about anna@blog.example: 550 5.1.1 User unknown',
    );
    expect(await classify(raw)).toMatchObject({ kind: 'bounce', recipient: 'anna@blog.example' });
  });
});

/** A mailing list's post as a list server sends it out (RFC 2369, RFC 2919). */
const listPost = `Return-Path: <team-bounces@lists.example.org>
From: Paul Poster <paul@else.example>
To: team@lists.example.org
List-Id: Team <team.lists.example.org>
List-Post: <mailto:team@lists.example.org>
Message-ID: <post-1@else.example>
Subject: [team] Meeting

See you`;

describe('a mailing list’s addresses and the returned post’s From and To are never the failed recipient', () => {
  it('skips the poster and the list of a returned list post', async () => {
    const raw = notice(
      'Mail Delivery System <MAILER-DAEMON@mx.lists.example.org>',
      'Undelivered Mail Returned to Sender',
      `The message from paul@else.example to team@lists.example.org could not be delivered to\none of its recipients: 550 5.1.1 carl@member.example mailbox unavailable\n\n--- Below this line is a copy of the message.\n\n${listPost}`,
    );
    expect(await classify(raw)).toMatchObject({
      kind: 'bounce',
      hard: true,
      recipient: 'carl@member.example',
    });
  });

  it('does not take a returned list post’s To when the report names nobody else', async () => {
    const raw = notice(
      'MAILER-DAEMON@mx.lists.example.org',
      'failure notice',
      `Hi. This is the qmail-send program at mx.lists.example.org.\nI'm afraid I wasn't able to deliver your message.\nThis is a permanent error; I've given up.\n\n--- Below this line is a copy of the message.\n\n${listPost}`,
    );
    expect(await classify(raw)).toMatchObject({ kind: 'bounce', recipient: null });
  });

  it('skips the list’s owner, request and bounce addresses named in the text', async () => {
    const raw = notice(
      'Mail Delivery System <MAILER-DAEMON@mx.lists.example.org>',
      'Mail delivery failed',
      'Sent on behalf of owner-team@lists.example.org (send help to team-request@lists.example.org,\nerrors to team-bounces@lists.example.org).\n\nDelivery to carl@member.example failed: 550 5.1.1 mailbox unavailable',
    );
    expect(await classify(raw)).toMatchObject({ kind: 'bounce', recipient: 'carl@member.example' });
  });

  it('skips the list addresses a list server’s own notice carries in its header', async () => {
    const raw = notice(
      'Team list <team-admin@lists.example.org>',
      'Returned mail: delivery failed',
      'Your post to team@lists.example.org was not delivered to carl@member.example: 550 5.1.1 user unknown',
      'Auto-Submitted: auto-replied\nList-Post: <mailto:team@lists.example.org>\n',
    );
    expect(await classify(raw)).toMatchObject({ kind: 'bounce', recipient: 'carl@member.example' });
  });

  it('names a list host’s address only when no other address is named', async () => {
    const raw = notice(
      'MAILER-DAEMON@mx.member.example',
      'Undelivered Mail Returned to Sender',
      'Your post to team@lists.example.org could not be delivered to carl@member.example: 550 5.1.1 user unknown',
    );
    expect(await classify(raw)).toMatchObject({ kind: 'bounce', recipient: 'carl@member.example' });
  });

  it('reads the member from a list’s VERP bounce address when the report names nobody', async () => {
    const raw = notice(
      'MAILER-DAEMON@mx.member.example',
      'failure notice',
      `Hi. This is the qmail-send program at mx.member.example.\nI'm afraid I wasn't able to deliver your message.\nThis is a permanent error; I've given up.\n\n--- Below this line is a copy of the message.\n\n${listPost}`,
    ).replace('To: grace@sender.example', 'To: team-bounces+carl=member.example@lists.example.org');
    expect(await classify(raw)).toMatchObject({ kind: 'bounce', recipient: 'carl@member.example' });
  });
});

describe('brief plain-text notices from older or simpler servers', () => {
  it.each([
    [
      'a daemon by its display name',
      'Mail Delivery System <mailer@mx.blog.example>',
      'Returned mail',
      '<anna@blog.example>:\n550 Requested action not taken: mailbox unavailable',
      '',
    ],
    [
      'an automatic message naming no failure in its subject',
      'mail@mx.blog.example',
      'Message status',
      'Your message to anna@blog.example was rejected: user unknown.',
      'Auto-Submitted: auto-generated\n',
    ],
    [
      'a message titled as a failure from an ordinary address',
      'Mail Server <mail@mx.blog.example>',
      'Undeliverable: Idea',
      'anna@blog.example\nNo such user',
      '',
    ],
    [
      'a daemon quoting the reply with an enhanced status mid-line',
      'postmaster@blog.example',
      'Idea',
      'Could not deliver to anna@blog.example (remote said 550 5.1.1 unknown recipient)',
      '',
    ],
  ])('reads %s as a hard bounce', async (_what, from, subject, body, headers) => {
    expect(await classify(notice(from, subject, body, headers))).toMatchObject({
      kind: 'bounce',
      hard: true,
      recipient: 'anna@blog.example',
    });
  });

  it('still reads a person writing that an address does not exist as a reply', async () => {
    const raw = notice(
      'Anna Smith <anna@blog.example>',
      'Re: Idea',
      'Hi Grace, the address bob@blog.example does not exist any more (user unknown), write to carol@blog.example.',
    );
    expect(await classify(raw)).toEqual({ kind: 'reply' });
  });

  it('still reads an out-of-office note naming an address as an automatic reply', async () => {
    const raw = notice(
      'Anna Smith <anna@blog.example>',
      'Automatic reply: Idea',
      'I am away until 30 November. My mailbox is unavailable; for urgent matters write to carol@blog.example.',
      'Auto-Submitted: auto-replied\n',
    );
    expect(await classify(raw)).toMatchObject({ kind: 'auto-reply' });
  });
});

describe('delay warnings without an RFC 3464 part', () => {
  it.each([
    [
      'Mail Delivery System <mail@mx.sender.example>',
      'Warning: message 1kQx-0001 delayed 24 hours',
      'Your message to anna@blog.example has not yet been delivered. The server will continue to try for 4 more days.',
      'Auto-Submitted: auto-replied\n',
    ],
    [
      'postmaster@mail.sender.example',
      'Delivery delayed: Idea',
      'Delivery of your message to anna@blog.example has been delayed. The server will keep trying.',
      '',
    ],
    [
      'Mail Delivery Subsystem <mailer@mx.sender.example>',
      'Delivery Status Notification (Delay)',
      'Delivery to anna@blog.example has been delayed: 451 4.4.1 no answer from host. No action is required on your part.',
      '',
    ],
  ])('reads "%s" / "%s" as a delay, not an automatic reply', async (from, subject, body, headers) => {
    expect(await classify(notice(from, subject, body, headers))).toMatchObject({
      kind: 'bounce',
      type: 'delay',
      hard: false,
      recipient: 'anna@blog.example',
    });
  });

  it.each([
    ['Out of office', 'My answers will be delayed until 30 November; your message has not yet been read.'],
    ['Re: Idea', 'Thanks for your message. I am travelling, so mail delivery is delayed until 30 November.'],
  ])(
    'still reads an automatic reply titled "%s" saying its answer is delayed as an automatic reply',
    async (subject, body) => {
      const raw = notice('Anna Smith <anna@blog.example>', subject, body, 'Auto-Submitted: auto-replied\n');
      expect(await classify(raw)).toMatchObject({ kind: 'auto-reply' });
    },
  );
});
