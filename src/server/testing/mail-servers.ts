import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface MailUser {
  user: string;
  pass: string;
}

/** A message the local SMTP server accepted: its envelope, raw source and parsed form. */
export interface ReceivedMessage {
  from: string;
  to: string[];
  raw: string;
  parsed: ParsedMail;
}

/** Behaviour a test can change while the server runs. */
export interface SmtpHooks {
  /** Delivers an accepted message to a recipient's mailbox, as a real MTA would (e.g. into Dovecot). */
  deliver?: (recipient: string, raw: string) => Promise<void>;
  /** Runs when the whole message arrived; throwing refuses it (nothing is delivered or recorded). */
  beforeAccept?: (raw: string) => Promise<void>;
  /**
   * Runs after the message was delivered and recorded, before the server answers 250 OK. `client`
   * is the sending connection's address: its port tells which local process sent it (socketOwner).
   */
  afterAccept?: (raw: string, client: { port: number }) => Promise<void>;
  /**
   * A fault after the message body arrived (docs/decisions/042-fault-suite.md): `drop` delivers and
   * records the message, then cuts the connection before the 250 reply (the client cannot know it
   * went out); `stall` neither delivers nor answers, as a server hung after DATA.
   */
  afterData?: 'drop' | 'stall';
  /** Accepts connections but never sends the greeting, as a hung server does. */
  silent?: boolean;
}

export interface LocalSmtpServer {
  port: number;
  messages: ReceivedMessage[];
  hooks: SmtpHooks;
  /** Makes RCPT TO for an address fail with this SMTP reply code (e.g. 450 transient, 550 permanent). */
  rejectRecipient(address: string, code: number): void;
  /** Makes RCPT TO fail with 550 for every address but these (a domain that is not catch-all); null accepts all again. */
  acceptOnly(addresses: string[] | null): void;
  /** Every RCPT TO address the server was asked, in order. */
  recipientsAsked: string[];
  /** Resolves once `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMessage[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 that requires AUTH PLAIN/LOGIN with the given
 * users (or XOAUTH2 with a token `acceptAccessToken` approves) and records every message it
 * accepts, on `port` (default: any free one). Plain-text connection (tests only).
 */
export async function startSmtpServer(
  users: MailUser[],
  {
    acceptAccessToken,
    port: listenPort = 0,
    mx = false,
  }: {
    acceptAccessToken?: (user: string, accessToken: string) => boolean;
    port?: number;
    /** Behave as a domain's MX: mail is taken without AUTH (as on port 25). */
    mx?: boolean;
  } = {},
): Promise<LocalSmtpServer> {
  const messages: ReceivedMessage[] = [];
  const hooks: SmtpHooks = {};
  const rejections = new Map<string, number>();
  const recipientsAsked: string[] = [];
  let accepted: Set<string> | null = null;
  const waiters: (() => void)[] = [];
  const options: SMTPServerOptions = {
    secure: false,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN', 'XOAUTH2'],
    disabledCommands: ['STARTTLS'],
    authOptional: mx,
    logger: false,
    // A client that keeps its connection (a cached transport after a failed send) would hold close()
    // for smtp-server's default 30 s: a test's server stops within a second.
    closeTimeout: 1000,
    onConnect(_session, callback) {
      // Never calling back keeps the greeting back: the client waits until its own timeout.
      if (!hooks.silent) callback();
    },
    onAuth(auth, _session, callback) {
      const ok =
        auth.method === 'XOAUTH2'
          ? Boolean(auth.accessToken && acceptAccessToken?.(auth.username ?? '', auth.accessToken))
          : users.some((u) => u.user === auth.username && u.pass === auth.password);
      callback(
        ok ? null : Object.assign(new Error('Invalid username or password'), { responseCode: 535 }),
        ok ? { user: auth.username } : undefined,
      );
    },
    onRcptTo(address, _session, callback) {
      const recipient = address.address.toLowerCase();
      recipientsAsked.push(recipient);
      const code = rejections.get(recipient) ?? (accepted && !accepted.has(recipient) ? 550 : undefined);
      callback(
        code ? Object.assign(new Error(`Recipient refused (${code})`), { responseCode: code }) : undefined,
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        if (hooks.afterData === 'stall') return;
        try {
          await hooks.beforeAccept?.(raw);
        } catch (error) {
          return callback(error as Error);
        }
        for (const r of session.envelope.rcptTo) await hooks.deliver?.(r.address, raw);
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          parsed: await simpleParser(raw),
        });
        waiters.splice(0).forEach((wake) => wake());
        await hooks.afterAccept?.(raw, { port: session.remotePort });
        if (hooks.afterData === 'drop') return connectionOf(session.id)?.destroy();
        callback();
      });
    },
  };
  const server = new SMTPServer(options);
  /** The socket of the session `id` (smtp-server keeps its connections, each with its session). */
  const connectionOf = (id: string) =>
    [...(server as unknown as { connections: Set<{ id: string; _socket: Socket }> }).connections].find(
      (c) => c.id === id,
    )?._socket;
  // A client that vanishes mid-session (a worker process killed by a test) resets its socket:
  // smtp-server reports that as an 'error' event, which unheard would end the test process.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    messages,
    hooks,
    rejectRecipient: (address, code) => rejections.set(address.toLowerCase(), code),
    acceptOnly: (addresses) => {
      accepted = addresses ? new Set(addresses.map((a) => a.toLowerCase())) : null;
    },
    recipientsAsked,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${messages.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return messages.slice(0, count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface LocalImapServer {
  port: number;
  /** Appends a raw message to a user's INBOX over IMAP (local delivery). */
  deliver(user: MailUser, raw: string): Promise<void>;
  /** Maildir root of a user, for delivering test messages straight into INBOX. */
  maildir(user: string): string;
  /** Drops every IMAP connection of a user, as a server restart or network cut would (doveadm kick). */
  kick(user: MailUser): void;
  close(): Promise<void>;
}

/**
 * A real IMAP server: Debian's Dovecot, started in the foreground from a generated configuration
 * in a temporary folder (plain-text login on 127.0.0.1, passwd-file users, Maildir storage), on
 * `port` (default: any free one). It stops on its own after `lifetimeSeconds` (default 900: a test's
 * server, even if the test process died; a benchmark's day runs longer).
 * @throws Error when `dovecot` is not installed (CI installs the dovecot-imapd package).
 */
export async function startImapServer(
  users: MailUser[],
  { port: listenPort = 0, lifetimeSeconds = 900 }: { port?: number; lifetimeSeconds?: number } = {},
): Promise<LocalImapServer> {
  const root = mkdtempSync(path.join(tmpdir(), 'lp-imap-'));
  const port = listenPort || (await freePort());
  const mailRoot = path.join(root, 'mail');
  mkdirSync(mailRoot);
  // Dovecot will not run mail processes as root: they run as its own unprivileged user.
  chmodSync(root, 0o755);
  chownSync(mailRoot, uidOf('dovecot'), gidOf('dovecot'));
  writeFileSync(path.join(root, 'users'), users.map((u) => `${u.user}:{PLAIN}${u.pass}`).join('\n') + '\n');
  writeFileSync(
    path.join(root, 'dovecot.conf'),
    `protocols = imap
listen = 127.0.0.1
base_dir = ${root}/run
state_dir = ${root}/state
log_path = ${root}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:${mailRoot}/%u/Maildir
first_valid_uid = 1
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${root}/users
}
userdb {
  driver = static
  args = uid=dovecot gid=dovecot home=${mailRoot}/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service auth {
  unix_listener auth-userdb {
    mode = 0666
  }
}
`,
  );
  const child: ChildProcess = spawn(
    'timeout',
    [String(lifetimeSeconds), 'dovecot', '-F', '-c', path.join(root, 'dovecot.conf')],
    {
      stdio: 'ignore',
    },
  );
  await waitForPort(port, child);
  return {
    port,
    async deliver(user, raw) {
      const client = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: user, logger: false });
      await client.connect();
      await client.append('INBOX', raw);
      await client.logout();
    },
    maildir: (user) => path.join(mailRoot, user, 'Maildir'),
    kick(user) {
      execFileSync('doveadm', ['-c', path.join(root, 'dovecot.conf'), 'kick', user.user], {
        stdio: 'ignore',
      });
    },
    async close() {
      // A server past its lifetime has exited already: no exit event would come.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`dovecot exited with code ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`dovecot did not listen on ${port}`);
}

function idOf(flag: '-u' | '-g', name: string): number {
  return Number(execFileSync('id', [flag, name]).toString().trim());
}
const uidOf = (name: string) => idOf('-u', name);
const gidOf = (name: string) => idOf('-g', name);

/** The login the app's own SMTP settings use in tests; start the server with it. */
export const APP_SMTP_USER: MailUser = { user: 'app', pass: 'app-pass' };

/**
 * The SMTP_* settings that send the app's own mail (verification links, invitations, alerts)
 * through `smtp`, a server started with APP_SMTP_USER, as config overrides.
 */
export function appSmtpSettings(smtp: { port: number }): Record<string, string> {
  return {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_SECURITY: 'none',
    SMTP_USER: APP_SMTP_USER.user,
    SMTP_PASSWORD: APP_SMTP_USER.pass,
    SMTP_FROM: 'LinkPilot <hello@linkpilot.test>',
  };
}

/** Where `smtp` and `imap` listen, as a mailbox's server settings: loopback, plain text. */
export function localServerSettings(smtp: { port: number }, imap: { port: number }) {
  return {
    smtpHost: '127.0.0.1',
    smtpPort: smtp.port,
    smtpSecurity: 'none' as const,
    imapHost: '127.0.0.1',
    imapPort: imap.port,
    imapSecurity: 'none' as const,
  };
}

/** A nodemailer transport to `smtp` on loopback, plain text, logging in as `auth`. */
export function localSmtpTransport(smtp: { port: number }, auth: MailUser) {
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    ignoreTLS: true,
    auth,
  });
}
