import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxMessages } from '../../../shared/schemas/mailboxes';
import type { DatabaseHandle } from '../../db/client';
import { emailAccounts } from '../../db/schema/mailboxes';
import { decryptSecret, encryptSecret } from '../../secrets';
import { testConfig } from '../../testing/app';
import { createTestDatabase } from '../../testing/database';
import { insertTestUser } from '../../testing/users';
import { outreachKeys } from '../../keys';
import { MailboxAccessError } from './access-error';
import { OAuthMailboxError } from './oauth-mailbox';
import { resolveMailboxServers } from './servers';

const keys = outreachKeys('servers-test-secret-servers-test-secret-0123');
let handle: DatabaseHandle;
let oauth: OAuth2Server;
/** What the local token endpoint answered last: the access token and the refresh token. */
let lastAnswer: { access_token?: string; refresh_token?: string } = {};
/** When set, the token endpoint refuses the refresh token. */
let refuse = false;
/** Answers the token endpoint gave. */
let tokenAnswers = 0;
let config: ReturnType<typeof testConfig>;

beforeAll(async () => {
  handle = await createTestDatabase();
  oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  oauth.service.on('beforeResponse', (response: { statusCode: number; body: typeof lastAnswer }) => {
    if (refuse) {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' } as typeof lastAnswer;
    }
    lastAnswer = response.body;
    tokenAnswers++;
  });
  await oauth.start(0, '127.0.0.1');
  config = testConfig({
    GOOGLE_CLIENT_ID: 'linkpilot-test-client',
    GOOGLE_CLIENT_SECRET: 'linkpilot-test-secret',
    GOOGLE_TOKEN_URL: `${oauth.issuer.url}/token`,
    MICROSOFT_CLIENT_ID: 'linkpilot-test-entra-client',
    MICROSOFT_CLIENT_SECRET: 'linkpilot-test-entra-secret',
    MICROSOFT_TOKEN_URL: `${oauth.issuer.url}/token`,
  });
});
afterAll(async () => {
  await oauth.stop();
  await handle.close();
});

/** A stored Microsoft mailbox whose refresh token is `refreshToken`. */
async function storedMicrosoftMailbox(refreshToken: string) {
  const user = await insertTestUser(handle.db, { name: 'Katherine', email: `k${Math.random()}@example.com` });
  const [row] = await handle.db
    .insert(emailAccounts)
    .values({
      workspaceId: user.workspaceId,
      connectedBy: user.id,
      email: 'katherine@contoso.test',
      provider: 'microsoft',
      username: 'katherine@contoso.test',
      secretEncrypted: encryptSecret(keys.credentials, refreshToken),
    })
    .returning();
  return row!;
}

const storedToken = async (id: string) => {
  const [row] = await handle.db.select().from(emailAccounts).where(eq(emailAccounts.id, id));
  return decryptSecret(keys.credentials, row!.secretEncrypted!);
};
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
      resolveMailboxServers(handle.db, mailbox('10.1.2.3', '8.8.8.8'), keys.credentials, config),
    ).rejects.toThrow(new MailboxAccessError(mailboxMessages.privateHost('SMTP', '10.1.2.3')));
    await expect(
      resolveMailboxServers(handle.db, mailbox('8.8.8.8', 'localhost'), keys.credentials, config),
    ).rejects.toBeInstanceOf(MailboxAccessError);
  });

  it('gives the decrypted login for public hosts, and for private ones MAIL_ALLOW_PRIVATE lists', async () => {
    const servers = await resolveMailboxServers(
      handle.db,
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
      resolveMailboxServers(handle.db, mailbox('10.1.2.3', '10.1.2.4'), keys.credentials, allowed),
    ).resolves.toMatchObject({
      smtpHost: '10.1.2.3',
    });
  });

  it('reaches a Microsoft mailbox at Outlook’s servers with XOAUTH2 and stores the rotated refresh token', async () => {
    const row = await storedMicrosoftMailbox('first-refresh-token');
    const servers = await resolveMailboxServers(handle.db, row, keys.credentials, config);
    expect(servers).toEqual({
      smtpHost: 'smtp.office365.com',
      smtpPort: 587,
      smtpSecurity: 'starttls',
      imapHost: 'outlook.office365.com',
      imapPort: 993,
      imapSecurity: 'tls',
      auth: { user: 'katherine@contoso.test', accessToken: lastAnswer.access_token },
    });
    expect(lastAnswer.refresh_token).toBeTruthy();
    expect(await storedToken(row.id)).toBe(lastAnswer.refresh_token);
  });

  it('keeps the access token until shortly before it expires: the next use renews nothing', async () => {
    const row = await storedMicrosoftMailbox('keep-refresh-token');
    const first = await resolveMailboxServers(handle.db, row, keys.credentials, config);
    const answers = tokenAnswers;
    const [stored] = await handle.db.select().from(emailAccounts).where(eq(emailAccounts.id, row.id));
    const again = await resolveMailboxServers(handle.db, stored!, keys.credentials, config);
    expect(tokenAnswers).toBe(answers);
    expect(again.auth).toEqual(first.auth);
    // A row whose secret changed since (a reconnect) renews.
    await resolveMailboxServers(handle.db, row, keys.credentials, config);
    expect(tokenAnswers).toBe(answers + 1);
  });

  it('leaves the stored refresh token alone when Microsoft refuses it', async () => {
    const row = await storedMicrosoftMailbox('revoked-refresh-token');
    refuse = true;
    try {
      await expect(resolveMailboxServers(handle.db, row, keys.credentials, config)).rejects.toThrow(
        new OAuthMailboxError('Microsoft refused to renew access: invalid_grant'),
      );
    } finally {
      refuse = false;
    }
    expect(await storedToken(row.id)).toBe('revoked-refresh-token');
  });
});
