import { test } from '@playwright/test';
import {
  startImapServer,
  startSmtpServer,
  type LocalImapServer,
  type LocalSmtpServer,
  type MailUser,
  type ReceivedMessage,
} from '../src/server/testing/mail-servers';

/**
 * A local SMTP server and a Dovecot IMAP server holding `users`, started before the calling spec
 * file's tests and stopped after them. Read `smtp` and `imap` inside a test: they exist once the
 * file's beforeAll has run.
 */
export function localMailServers(users: MailUser[]): { smtp: LocalSmtpServer; imap: LocalImapServer } {
  const servers = {} as { smtp: LocalSmtpServer; imap: LocalImapServer };
  test.beforeAll(async () => {
    [servers.smtp, servers.imap] = await Promise.all([startSmtpServer(users), startImapServer(users)]);
  });
  test.afterAll(async () => {
    await Promise.all([servers.smtp?.close(), servers.imap?.close()]);
  });
  return servers;
}

/** A prospect's plain-text answer from `from` to `to`, the mailbox that sent `sent`, threaded as a mail client threads it. */
export function replyMime(
  sent: ReceivedMessage,
  from: string,
  to: string,
  text: string,
  headers: string[] = [],
): string {
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: Re: ${sent.parsed.subject}`,
    `In-Reply-To: ${sent.parsed.messageId}`,
    `References: ${sent.parsed.messageId}`,
    `Message-ID: <${crypto.randomUUID()}@${from.split('@')[1]!.replace('>', '')}>`,
    `Date: ${new Date().toUTCString()}`,
    ...headers,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    '',
  ].join('\r\n');
}
