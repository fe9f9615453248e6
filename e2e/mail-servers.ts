import { test } from '@playwright/test';
import {
  startImapServer,
  startSmtpServer,
  type LocalImapServer,
  type LocalSmtpServer,
  type MailUser,
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
