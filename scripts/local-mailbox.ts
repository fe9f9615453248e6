/**
 * A local mailbox for trying outreach by hand (README "Try the whole journey by hand"; never run by
 * tests or CI): the same real SMTP server and Dovecot IMAP server the tests use, on 127.0.0.1, with
 * one user. Prints the settings to enter under Email Accounts, then one line per message the app
 * sends. With `--reply`, each prospect 'answers' its first message a few seconds later: a real
 * MIME reply, threaded by In-Reply-To, delivered into the mailbox's INBOX for the app to read.
 *
 *   npx tsx scripts/local-mailbox.ts [--reply]
 *
 * Needs Dovecot (`apt-get install -y dovecot-imapd`). Stops on Ctrl-C.
 */
import { parseArgs } from 'node:util';
import { startImapServer, startSmtpServer } from '../src/server/testing/mail-servers';

const { values } = parseArgs({ options: { reply: { type: 'boolean', default: false } } });
const user = { user: 'me@outreach.test', pass: 'local-mailbox' };
const [smtp, imap] = await Promise.all([startSmtpServer([user]), startImapServer([user])]);

console.log(`Connect this mailbox under Email Accounts (security: None for both):
  Email / User Name  ${user.user}
  Password           ${user.pass}
  SMTP               127.0.0.1 port ${smtp.port}
  IMAP               127.0.0.1 port ${imap.port}
Start the app with MAIL_ALLOW_PRIVATE=127.0.0.1 so it may reach them.
`);

const answered = new Set<string>();
smtp.hooks.afterAccept = async () => {
  const message = smtp.messages.at(-1)!;
  const to = message.to.find((address) => address !== user.user) ?? '?';
  console.log(`sent to ${to}: ${message.parsed.subject ?? ''} ${message.parsed.messageId ?? ''}`);
  if (!values.reply || answered.has(to) || !message.parsed.messageId) return;
  answered.add(to);
  const reply = [
    `From: ${to}`,
    `To: ${user.user}`,
    `Subject: Re: ${message.parsed.subject ?? ''}`,
    `In-Reply-To: ${message.parsed.messageId}`,
    `References: ${message.parsed.messageId}`,
    `Message-ID: <${crypto.randomUUID()}@${to.split('@')[1] ?? 'prospect.test'}>`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Thanks, that sounds interesting. Send me a draft!',
    '',
  ].join('\r\n');
  setTimeout(() => {
    imap
      .deliver(user, reply)
      .then(() => console.log(`  ${to} replied`))
      .catch((error: unknown) => console.error(`  could not deliver the reply: ${String(error)}`));
  }, 5_000);
};

const stop = () => void Promise.all([smtp.close(), imap.close()]).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
