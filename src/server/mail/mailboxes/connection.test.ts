import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxMessages } from '../../../shared/schemas/mailboxes';
import {
  localServerSettings,
  startImapServer,
  startSmtpServer,
  type LocalImapServer,
  type LocalSmtpServer,
} from '../../testing/mail-servers';
import { verifyMailbox, type MailboxServers } from './connection';

const user = { user: 'sender@example.test', pass: 's3cret' };
let smtp: LocalSmtpServer;
let imap: LocalImapServer;
let servers: MailboxServers;
beforeAll(async () => {
  [smtp, imap] = await Promise.all([startSmtpServer([user]), startImapServer([user])]);
  servers = { ...localServerSettings(smtp, imap), auth: { user: user.user, pass: user.pass } };
});
afterAll(async () => {
  await Promise.all([smtp.close(), imap.close()]);
});

describe('verifyMailbox against real SMTP and IMAP servers', () => {
  it('passes with the right credentials', async () => {
    await expect(verifyMailbox(servers)).resolves.toBeUndefined();
  });

  it('says which server refused a wrong password', async () => {
    await expect(verifyMailbox({ ...servers, auth: { user: user.user, pass: 'wrong' } })).rejects.toThrow(
      mailboxMessages.smtpLoginRefused,
    );
  });

  it('names an unreachable server and its port', async () => {
    await expect(verifyMailbox({ ...servers, imapPort: 1 })).rejects.toThrow(/IMAP server 127\.0\.0\.1:1/);
    await expect(verifyMailbox({ ...servers, smtpPort: 1 })).rejects.toThrow(/SMTP server 127\.0\.0\.1:1/);
  });

  it('refuses to send a password in plain text when STARTTLS is required but not offered', async () => {
    await expect(verifyMailbox({ ...servers, smtpSecurity: 'starttls' })).rejects.toThrow(/SMTP/);
  });
});
