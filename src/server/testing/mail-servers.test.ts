import { connect } from 'node:net';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  localSmtpTransport,
  startImapServer,
  startSmtpServer,
  type LocalImapServer,
  type LocalSmtpServer,
} from './mail-servers';

const user = { user: 'outreach@example.test', pass: 'app-password' };
let smtp: LocalSmtpServer;
let imap: LocalImapServer;
beforeAll(async () => {
  [smtp, imap] = await Promise.all([startSmtpServer([user]), startImapServer([user])]);
});
afterAll(async () => {
  await Promise.all([smtp.close(), imap.close()]);
});

describe('local mail servers used by the outreach tests', () => {
  it('SMTP: authenticates, records messages, and refuses a recipient on demand', async () => {
    const transport = localSmtpTransport(smtp, user);
    await transport.sendMail({ from: user.user, to: 'a@example.test', subject: 'Hello', text: 'Body' });
    const [message] = await smtp.waitFor(1);
    expect(message!.to).toEqual(['a@example.test']);
    expect(message!.parsed.subject).toBe('Hello');

    smtp.rejectRecipient('gone@example.test', 550);
    await expect(
      transport.sendMail({ from: user.user, to: 'gone@example.test', subject: 'x', text: 'y' }),
    ).rejects.toMatchObject({
      responseCode: 550,
    });
    const bad = localSmtpTransport(smtp, { user: user.user, pass: 'wrong' });
    await expect(bad.verify()).rejects.toMatchObject({ responseCode: 535 });
  });

  it('IMAP: logs in, appends to INBOX and reads it back; refuses a wrong password', async () => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: imap.port,
      secure: false,
      auth: user,
      logger: false,
    });
    await client.connect();
    await client.append('INBOX', 'From: x@example.test\r\nSubject: Reply\r\n\r\nThanks!\r\n');
    const lock = await client.getMailboxLock('INBOX');
    try {
      const message = await client.fetchOne('*', { envelope: true });
      expect(message && message.envelope?.subject).toBe('Reply');
    } finally {
      lock.release();
    }
    await client.logout();

    const wrong = new ImapFlow({
      host: '127.0.0.1',
      port: imap.port,
      secure: false,
      auth: { ...user, pass: 'nope' },
      logger: false,
    });
    await expect(wrong.connect()).rejects.toBeTruthy();
  });

  it('IMAP: listens on the port it is given and stops on its own after its lifetime', async () => {
    const short = await startImapServer([user], { port: 5502, lifetimeSeconds: 2 });
    expect(short.port).toBe(5502);
    const accepts = () =>
      new Promise<boolean>((resolve) => {
        const socket = connect(5502, '127.0.0.1');
        socket.once('connect', () => {
          socket.end();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
    expect(await accepts()).toBe(true);
    let open = true;
    for (let i = 0; i < 100 && open; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      open = await accepts();
    }
    expect(open).toBe(false);
    await short.close();
  });
});
