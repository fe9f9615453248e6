import { describe, expect, it } from 'vitest';
import { mailboxMessages } from '../../../shared/schemas/mailboxes';
import type { emailAccounts } from '../../db/schema/outreach';
import { encryptSecret } from '../../secrets';
import { testConfig } from '../../testing/app';
import { outreachKeys } from '../keys';
import { MailboxAccessError } from './access-error';
import { resolveMailboxServers } from './servers';

const keys = outreachKeys('servers-test-secret-servers-test-secret-0123');
const mailbox = (smtpHost: string, imapHost: string) =>
  ({
    email: 'ada@mail.test',
    provider: 'smtp',
    smtpHost,
    smtpPort: 587,
    smtpSecurity: 'starttls',
    imapHost,
    imapPort: 993,
    imapSecurity: 'tls',
    username: 'ada@mail.test',
    secretEncrypted: encryptSecret(keys.credentials, 'pw'),
  }) as typeof emailAccounts.$inferSelect;

describe('resolveMailboxServers', () => {
  it('refuses a stored host that is (now) a private address, every time the mailbox is used', async () => {
    const config = testConfig({ MAIL_ALLOW_PRIVATE: '' });
    await expect(
      resolveMailboxServers(mailbox('10.1.2.3', '8.8.8.8'), keys.credentials, config),
    ).rejects.toThrow(new MailboxAccessError(mailboxMessages.privateHost('SMTP', '10.1.2.3')));
    await expect(
      resolveMailboxServers(mailbox('8.8.8.8', 'localhost'), keys.credentials, config),
    ).rejects.toBeInstanceOf(MailboxAccessError);
  });

  it('gives the decrypted login for public hosts, and for private ones MAIL_ALLOW_PRIVATE lists', async () => {
    const servers = await resolveMailboxServers(
      mailbox('8.8.8.8', '8.8.4.4'),
      keys.credentials,
      testConfig(),
    );
    expect(servers).toMatchObject({
      smtpHost: '8.8.8.8',
      imapHost: '8.8.4.4',
      auth: { user: 'ada@mail.test', pass: 'pw' },
    });
    const allowed = testConfig({ MAIL_ALLOW_PRIVATE: '10.0.0.0/8' });
    await expect(
      resolveMailboxServers(mailbox('10.1.2.3', '10.1.2.4'), keys.credentials, allowed),
    ).resolves.toMatchObject({
      smtpHost: '10.1.2.3',
    });
  });
});
