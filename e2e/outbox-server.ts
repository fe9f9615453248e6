/**
 * The end-to-end tests' outbox: the app's own SMTP server (SMTP_HOST, for verification links and
 * alerts) on 127.0.0.1:{OUTBOX_SMTP_PORT}, logged in to as OUTBOX_USER / OUTBOX_PASSWORD, and on 127.0.0.1:{OUTBOX_HTTP_PORT} `GET /messages?to=`
 * listing what it received for an address (to, subject, text, attachments as base64), oldest first, so a spec can open
 * the link a user was sent (e2e/support.ts verifyEmail). Runs until Playwright stops it.
 */
import { createServer } from 'node:http';
import { startSmtpServer } from '../src/server/testing/mail-servers';

const smtpPort = Number(process.env.OUTBOX_SMTP_PORT);
const httpPort = Number(process.env.OUTBOX_HTTP_PORT);
if (!(smtpPort > 0 && httpPort > 0))
  throw new Error('OUTBOX_SMTP_PORT and OUTBOX_HTTP_PORT must be port numbers');

const smtp = await startSmtpServer(
  [{ user: process.env.OUTBOX_USER ?? '', pass: process.env.OUTBOX_PASSWORD ?? '' }],
  { port: smtpPort },
);

createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${httpPort}`);
  if (url.pathname !== '/messages') {
    response.writeHead(404).end();
    return;
  }
  const to = (url.searchParams.get('to') ?? '').toLowerCase();
  const found = smtp.messages
    .filter((m) => m.to.some((address) => address.toLowerCase() === to))
    .map((m) => ({
      to: m.to,
      subject: m.parsed.subject ?? '',
      text: m.parsed.text ?? '',
      attachments: m.parsed.attachments.map((a) => ({
        filename: a.filename ?? '',
        contentType: a.contentType,
        base64: a.content.toString('base64'),
      })),
    }));
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
}).listen(httpPort, '127.0.0.1');
console.log(`outbox: SMTP on 127.0.0.1:${smtpPort}, messages at http://127.0.0.1:${httpPort}/messages`);
