import { eq, sql } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, paths, withId } from '../../../shared/paths';
import { workspaceMessages } from '../../../shared/roles';
import type { Me } from '../../../shared/schemas/auth';
import { mailboxMessages, type Mailbox } from '../../../shared/schemas/mailboxes';
import { WORKSPACE_HEADER } from '../../auth/workspaces';
import { queryRows } from '../../db/client';
import { emailAccounts } from '../../db/schema/mailboxes';
import { users } from '../../db/schema/users';
import { workspaceMembers } from '../../db/schema/workspaces';
import { outreachKeys } from '../../keys';
import { decryptSecret } from '../../secrets';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import {
  localServerSettings,
  startImapServer,
  startSmtpServer,
  type LocalImapServer,
  type LocalSmtpServer,
} from '../../testing/mail-servers';

/**
 * Mailboxes over the API (docs/product.md#api, docs/product.md#errors) against real local SMTP and
 * IMAP (Dovecot) servers, and the Gmail flow against a local OAuth2 server.
 */
const mailUser = { user: 'ada@mail.test', pass: 'correct horse' };
let t: TestApp;
let smtp: LocalSmtpServer;
let imap: LocalImapServer;
let cookie: string;

const form = () => ({
  email: mailUser.user,
  ...localServerSettings(smtp, imap),
  username: mailUser.user,
  password: mailUser.pass,
  dailyLimit: 40,
});

async function storedRows() {
  return queryRows<{ email: string; provider: string; secret_encrypted: string }>(
    t.handle.db,
    sql`select email, provider, secret_encrypted from email_accounts order by created_at`,
  );
}

beforeAll(async () => {
  [smtp, imap] = await Promise.all([startSmtpServer([mailUser]), startImapServer([mailUser])]);
  t = await createTestApp();
  ({ cookie } = await signUpUser(t.app));
});
afterAll(async () => {
  await t.close();
  await Promise.all([smtp.close(), imap.close()]);
});

describe('connecting an SMTP/IMAP mailbox', () => {
  it('refuses a wrong password with the server’s reason and stores nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.emailAccounts,
      headers: { cookie },
      payload: { ...form(), password: 'wrong' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(mailboxMessages.smtpLoginRefused);
    expect(await storedRows()).toEqual([]);
  });

  it('refuses an IMAP port nobody listens on, naming the IMAP server', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.emailAccounts,
      headers: { cookie },
      payload: { ...form(), imapPort: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/IMAP server 127\.0\.0\.1:1/);
    expect(await storedRows()).toEqual([]);
  });

  it('validates the form with the shared schema', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.emailAccounts,
      headers: { cookie },
      payload: { ...form(), smtpPort: 70000, email: 'nope' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('connects after both logins succeed, with the password encrypted, and lists the mailbox', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.emailAccounts,
      headers: { cookie },
      payload: form(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const mailbox = response.json<Mailbox>();
    expect(mailbox).toMatchObject({
      email: mailUser.user,
      provider: 'smtp',
      status: 'connected',
      statusReason: null,
      dailyLimit: 40,
      rampLimit: 10, // MAILBOX_RAMP_START: a new mailbox warms up
      emailsSentToday: 0,
    });
    expect(response.body).not.toContain(mailUser.pass);
    const [row] = await storedRows();
    expect(row!.secret_encrypted).not.toContain(mailUser.pass);
    expect(decryptSecret(outreachKeys(t.config.APP_SECRET!).credentials, row!.secret_encrypted)).toBe(
      mailUser.pass,
    );
    const list = await t.app.inject({ url: apiPaths.emailAccounts, headers: { cookie } });
    expect(list.json<Mailbox[]>().map((m) => m.id)).toEqual([mailbox.id]);
    // The member who connected it, by name.
    const me = (await t.app.inject({ url: apiPaths.me, headers: { cookie } })).json<Me>();
    expect(list.json<Mailbox[]>()[0]!.connectedBy).toEqual({ id: me.id, name: 'Ada Lovelace' });
    expect(mailbox.connectedBy).toEqual({ id: me.id, name: 'Ada Lovelace' });
    const errors = await t.app.inject({ url: `${apiPaths.emailAccounts}?status=error`, headers: { cookie } });
    expect(errors.json()).toEqual([]);
  });

  it('refuses the same address twice with 409', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.emailAccounts,
      headers: { cookie },
      payload: { ...form(), email: mailUser.user.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(mailboxMessages.alreadyConnected);
  });
});

describe('mailbox settings', () => {
  const patch = async (id: string, payload: object, as = cookie) =>
    t.app.inject({
      method: 'PATCH',
      url: withId(apiPaths.emailAccount, id),
      headers: { cookie: as },
      payload,
    });
  const ownMailbox = async () =>
    (await t.app.inject({ url: apiPaths.emailAccounts, headers: { cookie } })).json<Mailbox[]>()[0]!;
  const limits = { dailyLimit: 25, minSpacingMinutes: 3, maxSpacingMinutes: 9 };

  it('saves the daily limit and the spacing, stored in seconds', async () => {
    const mailbox = await ownMailbox();
    const response = await patch(mailbox.id, limits);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Mailbox>()).toMatchObject(limits);
    const [row] = await queryRows<{ min_spacing_seconds: number; max_spacing_seconds: number }>(
      t.handle.db,
      sql`select min_spacing_seconds, max_spacing_seconds from email_accounts where id = ${mailbox.id}`,
    );
    expect(row).toEqual({ min_spacing_seconds: 180, max_spacing_seconds: 540 });
  });

  it('refuses a longest pause shorter than the shortest, naming the field', async () => {
    const mailbox = await ownMailbox();
    const response = await patch(mailbox.id, { ...limits, minSpacingMinutes: 10, maxSpacingMinutes: 5 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(mailboxMessages.spacingOrder);
    expect((await ownMailbox()).maxSpacingMinutes).toBe(9);
  });

  it('checks a new password with both servers before storing it, and reconnects the mailbox', async () => {
    const mailbox = await ownMailbox();
    const secret = async () =>
      (await queryRows<{ s: string }>(t.handle.db, sql`select secret_encrypted as s from email_accounts`))[0]!
        .s;
    const before = await secret();
    await t.handle.db.execute(
      sql`update email_accounts set status = 'error', status_reason = 'refused' where id = ${mailbox.id}`,
    );

    const refused = await patch(mailbox.id, { ...limits, dailyLimit: 99, password: 'wrong' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(mailboxMessages.smtpLoginRefused);
    expect(await ownMailbox()).toMatchObject({ status: 'error', dailyLimit: 25 });
    expect(await secret()).toBe(before);

    const fixed = await patch(mailbox.id, { ...limits, password: mailUser.pass });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json<Mailbox>()).toMatchObject({ status: 'connected', statusReason: null });
    expect(decryptSecret(outreachKeys(t.config.APP_SECRET!).credentials, await secret())).toBe(mailUser.pass);
  });

  it('answers 404 to another user and changes nothing', async () => {
    const mailbox = await ownMailbox();
    const other = await signUpUser(t.app);
    const response = await patch(mailbox.id, { ...limits, dailyLimit: 1 }, other.cookie);
    expect(response.statusCode).toBe(404);
    expect((await ownMailbox()).dailyLimit).toBe(25);
  });
});

describe('disconnecting', () => {
  it('404s for an unknown id and deletes the user’s own mailbox with its secret', async () => {
    const missing = await t.app.inject({
      method: 'DELETE',
      url: withId(apiPaths.emailAccount, '00000000-0000-4000-8000-000000000000'),
      headers: { cookie },
    });
    expect(missing.statusCode).toBe(404);
    const [mailbox] = (await t.app.inject({ url: apiPaths.emailAccounts, headers: { cookie } })).json<
      Mailbox[]
    >();
    const response = await t.app.inject({
      method: 'DELETE',
      url: withId(apiPaths.emailAccount, mailbox!.id),
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await storedRows()).toEqual([]);
  });
});

describe('Gmail', () => {
  const redirect = () => new URL(paths.emails, t.config.APP_URL).toString();

  it('answers a clear error when Google is not configured', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.gmailAuthorize,
      headers: { cookie },
      payload: { redirect_uri: redirect() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toBeUndefined();
    expect(response.json().error).toMatch(/Gmail is not configured/);
  });

  it('connects a Gmail mailbox through the authorize and callback routes', async () => {
    const address = 'grace.hopper@gmail.test';
    const oauth = new OAuth2Server();
    await oauth.issuer.keys.generate('RS256');
    oauth.service.on('beforeTokenSigning', (token) => {
      token.payload.email = address;
    });
    await oauth.start(0, '127.0.0.1');
    const g = await createTestApp({
      GOOGLE_CLIENT_ID: 'linkpilot-test-client',
      GOOGLE_CLIENT_SECRET: 'linkpilot-test-secret',
      GOOGLE_AUTH_URL: `${oauth.issuer.url}/authorize`,
      GOOGLE_TOKEN_URL: `${oauth.issuer.url}/token`,
    });
    try {
      const user = await signUpUser(g.app);
      const redirectUri = new URL(paths.emails, g.config.APP_URL).toString();
      const elsewhere = await g.app.inject({
        method: 'POST',
        url: apiPaths.gmailAuthorize,
        headers: { cookie: user.cookie },
        payload: { redirect_uri: 'https://evil.example/dashboard/emails' },
      });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().error.message).toBe(mailboxMessages.redirectRefused);
      const start = await g.app.inject({
        method: 'POST',
        url: apiPaths.gmailAuthorize,
        headers: { cookie: user.cookie },
        payload: { redirect_uri: redirectUri },
      });
      const back = await fetch(start.json().url, { redirect: 'manual' });
      const params = new URL(back.headers.get('location')!).searchParams;
      const callback = () =>
        g.app.inject({
          method: 'POST',
          url: apiPaths.gmailCallback,
          headers: { cookie: user.cookie },
          payload: { code: params.get('code'), state: params.get('state'), redirect_uri: redirectUri },
        });
      const done = await callback();
      expect(done.json()).toEqual({ success: true });
      const [mailbox] = (
        await g.app.inject({ url: apiPaths.emailAccounts, headers: { cookie: user.cookie } })
      ).json<Mailbox[]>();
      expect(mailbox).toMatchObject({
        email: address,
        provider: 'gmail',
        status: 'connected',
        dailyLimit: 30,
        rampLimit: 10,
      });
      // The state is single-use: replaying the callback fails with a reason and adds nothing.
      const replay = await callback();
      expect(replay.json().success).toBe(false);
      expect(replay.json().error).toBeTruthy();
    } finally {
      await g.close();
      await oauth.stop();
    }
  });
});

describe('a member and a teammate’s mailbox (docs/product.md#roles)', () => {
  it('lists who connected it, and refuses a member changing or disconnecting one another member connected', async () => {
    const signUp = async (firstName: string) => {
      const { cookie: c } = await signUpUser(t.app, { firstName, lastName: 'Team' });
      const me = (await t.app.inject({ url: apiPaths.me, headers: { cookie: c } })).json<Me>();
      return { cookie: c, id: me.id, workspaceId: me.workspace.id };
    };
    const fay = await signUp('Fay');
    const [mo, ola] = [await signUp('Mo'), await signUp('Ola')];
    const workspaceId = fay.workspaceId;
    await t.handle.db.insert(workspaceMembers).values(
      [mo, ola].map((who) => ({
        workspaceId,
        userId: who.id,
        role: 'member' as const,
        lastUsedAt: new Date(0),
      })),
    );
    const [row] = await t.handle.db
      .insert(emailAccounts)
      .values({ workspaceId, connectedBy: ola.id, email: 'ola@mail.test', provider: 'smtp' })
      .returning({ id: emailAccounts.id });
    const as = (who: { cookie: string }) => ({ cookie: who.cookie, [WORKSPACE_HEADER]: workspaceId });
    const list = async (who: { cookie: string }) =>
      (await t.app.inject({ url: apiPaths.emailAccounts, headers: as(who) })).json<Mailbox[]>();

    expect((await list(mo)).map((m) => [m.email, m.connectedBy])).toEqual([
      ['ola@mail.test', { id: ola.id, name: 'Ola Team' }],
    ]);
    const url = withId(apiPaths.emailAccount, row!.id);
    const patched = await t.app.inject({
      method: 'PATCH',
      url,
      headers: as(mo),
      payload: { dailyLimit: 1, minSpacingMinutes: 1, maxSpacingMinutes: 1 },
    });
    expect(patched.statusCode).toBe(403);
    expect(patched.json().error.message).toBe(workspaceMessages.changeMailbox);
    const deleted = await t.app.inject({ method: 'DELETE', url, headers: as(mo) });
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json().error.message).toBe(workspaceMessages.changeMailbox);
    expect(await list(mo)).toEqual([expect.objectContaining({ id: row!.id, dailyLimit: 30 })]);

    // Once Ola has left the install, nobody connected it as far as the list tells.
    await t.handle.db.delete(users).where(eq(users.id, ola.id));
    expect((await list(fay)).map((m) => m.connectedBy)).toEqual([null]);
  });
});
