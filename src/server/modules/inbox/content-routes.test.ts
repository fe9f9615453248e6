import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, withId } from '../../../shared/paths';
import type { Me } from '../../../shared/schemas/auth';
import { WORKSPACE_HEADER } from '../../auth/workspaces';
import { inboundAttachments } from '../../db/schema/inbox';
import { emailAccounts } from '../../db/schema/mailboxes';
import { inboundMessages } from '../../db/schema/outreach';
import { workspaceMembers } from '../../db/schema/workspaces';
import { attachmentStorageFor } from '../../inbox/attachment-storage';
import { syncMailbox } from '../../inbox/pipeline/sync';
import { outreachInboundEffects } from '../../outreach/inbound-effects';
import { createTestApp, signUpUser, type TestApp } from '../../testing/app';
import { createOutreachFixture, sendDueSteps, type OutreachFixture } from '../../testing/outreach';

/**
 * The content of prospects' messages end to end (docs/decisions/024-inbox.md): replies with an
 * HTML part, a quoted original, a References chain and attachments are appended to a real Dovecot
 * INBOX, synced, and read back through the API — the HTML cleaned and sandboxed, the files as
 * downloads — by members of the workspace only.
 */
const START = new Date('2026-11-23T10:00:00Z');
const MAX_BYTES = 2048;
const dataDir = mkdtempSync(path.join(tmpdir(), 'lp-inbox-content-'));
let t: TestApp;
let f: OutreachFixture;
let member: { cookie: string };
let outsider: { cookie: string };
const people = {
  anna: { website: 'https://blog-a.example', email: 'anna@blog-a.example', name: 'Anna Lee' },
  bob: { website: 'https://b.example', email: 'bob@b.example', name: 'Bob' },
  carl: { website: 'https://c.example', email: 'carl@c.example', name: 'Carl' },
};
let sent: Record<string, { messageId: string; subject: string }> = {};
const offer = Buffer.from('%PDF-1.4\n' + 'offer '.repeat(100));
const archive = randomBytes(MAX_BYTES * 2);

const base64 = (data: Buffer) => data.toString('base64').replace(/.{76}/g, '$&\r\n');
const crlf = (lines: string[]) => lines.join('\r\n');

/** Anna's reply as a mail program writes it: text and HTML, an inline logo, two files. */
const annaReply = () =>
  crlf([
    `From: Anna Lee <${people.anna.email}>`,
    `To: ${f.sender.user}`,
    'Date: Mon, 23 Nov 2026 12:00:00 +0000',
    `Message-ID: <${crypto.randomUUID()}@blog-a.example>`,
    `Subject: Re: ${sent[people.anna.email]!.subject}`,
    `In-Reply-To: ${sent[people.anna.email]!.messageId}`,
    `References: <thread-start@blog-a.example>\r\n ${sent[people.anna.email]!.messageId}`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="MIX"',
    '',
    '--MIX',
    'Content-Type: multipart/related; boundary="REL"',
    '',
    '--REL',
    'Content-Type: multipart/alternative; boundary="ALT"',
    '',
    '--ALT',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Sounds good, our offer is attached.',
    '',
    'On Mon, 23 Nov 2026 at 10:00, Grace Hopper <grace@sender.test> wrote:',
    '> Hi Anna, a guest post idea.',
    '--ALT',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<html><head><title>Re</title></head><body><p>Sounds good, our offer is attached.</p>' +
      '<script>alert(document.cookie)</script>' +
      '<img src="https://tracker.example/open.gif?u=1" width="1" height="1">' +
      '<img src="https://cdn.example/team.jpg" alt="Our team">' +
      '<img src="cid:logo@blog-a" alt="Blog A">' +
      '<blockquote>Hi Anna, a guest post idea.</blockquote></body></html>',
    '--ALT--',
    '--REL',
    'Content-Type: image/png',
    'Content-ID: <logo@blog-a>',
    'Content-Disposition: inline; filename="logo.png"',
    'Content-Transfer-Encoding: base64',
    '',
    'iVBORw0KGgo=',
    '--REL--',
    '--MIX',
    'Content-Type: application/pdf',
    "Content-Disposition: attachment; filename*=UTF-8''Angebot%20%E2%80%93%20M%C3%A4rz.pdf",
    'Content-Transfer-Encoding: base64',
    '',
    base64(offer),
    '--MIX',
    'Content-Type: application/zip; name="archive.zip"',
    'Content-Disposition: attachment; filename="archive.zip"',
    'Content-Transfer-Encoding: base64',
    '',
    base64(archive),
    '--MIX--',
    '',
  ]);

/** Bob's mail program names a charset nobody knows, and sends 8-bit text. */
const bobReply = () =>
  crlf([
    `From: Bob <${people.bob.email}>`,
    `To: ${f.sender.user}`,
    'Date: Mon, 23 Nov 2026 12:01:00 +0000',
    `Message-ID: <${crypto.randomUUID()}@b.example>`,
    `Subject: Re: ${sent[people.bob.email]!.subject}`,
    `In-Reply-To: ${sent[people.bob.email]!.messageId}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=x-unknown',
    'Content-Transfer-Encoding: 8bit',
    '',
    'Hallo, gerne! Grüße aus Köln',
    '',
  ]);

/** Carl's server bounces our message, with a copy of it attached: nothing of it is kept as a file. */
const carlBounce = () =>
  crlf([
    'From: MAILER-DAEMON@c.example',
    `To: ${f.sender.user}`,
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="B"',
    '',
    '--B',
    'Content-Type: text/plain',
    '',
    'Your message could not be delivered.',
    '--B',
    'Content-Type: message/delivery-status',
    '',
    'Final-Recipient: rfc822; carl@c.example',
    'Action: failed',
    'Status: 5.1.1',
    '',
    '--B',
    'Content-Type: text/rfc822-headers',
    '',
    `Message-ID: ${sent[people.carl.email]!.messageId}`,
    '',
    '--B',
    'Content-Type: application/octet-stream',
    'Content-Disposition: attachment; filename="original.bin"',
    'Content-Transfer-Encoding: base64',
    '',
    base64(Buffer.from('our own message')),
    '--B--',
    '',
  ]);

const messageOf = async (email: string) =>
  (await t.handle.db.select().from(inboundMessages).where(eq(inboundMessages.fromEmail, email)))[0]!;
const attachmentsOf = (messageId: string) =>
  t.handle.db
    .select()
    .from(inboundAttachments)
    .where(eq(inboundAttachments.inboundMessageId, messageId))
    .orderBy(asc(inboundAttachments.filename));
const get = (who: { cookie: string }, url: string, header = true) =>
  t.app.inject({
    url,
    headers: { cookie: who.cookie, ...(header ? { [WORKSPACE_HEADER]: f.workspaceId } : {}) },
  });
const htmlUrl = (id: string, query = '') => `${withId(apiPaths.inboxMessageHtml, id)}${query}`;
const storedFiles = () => readdirSync(path.join(dataDir, 'attachments'));

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  t = await createTestApp({
    APP_URL: 'https://app.example',
    DATA_DIR: dataDir,
    INBOX_ATTACHMENT_MAX_BYTES: String(MAX_BYTES),
  });
  f = await createOutreachFixture(t.handle.db, {
    prospects: Object.values(people),
    steps: [
      { subject: 'Idea for [Website]', content: 'Hi [First Name], a guest post idea.', delayHours: null },
    ],
    start: START,
  });
  sent = await sendDueSteps(t.handle.db, f, t.config, START, Object.keys(people).length);

  const { cookie } = await signUpUser(t.app);
  const me = (await t.app.inject({ url: apiPaths.me, headers: { cookie } })).json<Me>();
  await t.handle.db
    .insert(workspaceMembers)
    .values({ workspaceId: f.workspaceId, userId: me.id, role: 'member' });
  member = { cookie };
  outsider = await signUpUser(t.app);
});
afterAll(async () => {
  await f?.close();
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('syncing the content of inbound messages', () => {
  it('keeps the quoted history, the HTML, the References and the attachments of a reply', async () => {
    expect(Object.keys(sent)).toHaveLength(3);
    await f.imap.deliver(f.sender, annaReply());
    await f.imap.deliver(f.sender, bobReply());
    await f.imap.deliver(f.sender, carlBounce());
    const result = await syncMailbox(
      t.handle.db,
      f.keys,
      outreachInboundEffects,
      t.config,
      f.mailboxId,
      new Date('2026-11-23T12:05:00Z'),
    );
    // Our own blind copies of the three steps are in the INBOX too, and skipped.
    expect(result).toEqual({ read: 6, applied: 3, quarantined: 0 });

    const anna = await messageOf(people.anna.email);
    expect(anna.kind).toBe('reply');
    expect(anna.text.trim()).toBe('Sounds good, our offer is attached.');
    expect(anna.quotedText.trim()).toBe(
      'On Mon, 23 Nov 2026 at 10:00, Grace Hopper <grace@sender.test> wrote:\n> Hi Anna, a guest post idea.',
    );
    // Stored as received; cleaned each time it is shown.
    expect(anna.html).toContain('<script>alert(document.cookie)</script>');
    expect(anna.references).toEqual(['<thread-start@blog-a.example>', sent[people.anna.email]!.messageId]);

    const files = await attachmentsOf(anna.id);
    expect(files).toEqual([
      expect.objectContaining({
        workspaceId: f.workspaceId,
        filename: 'Angebot – März.pdf',
        contentType: 'application/pdf',
        size: offer.length,
        storageKey: expect.stringMatching(/^[a-f0-9]{32}$/),
      }),
      expect.objectContaining({
        filename: 'archive.zip',
        contentType: 'application/zip',
        size: archive.length,
        storageKey: null,
      }),
    ]);
    const kept = await attachmentStorageFor(t.config).open(files[0]!.storageKey!);
    expect(await read(kept!.stream)).toEqual(offer);
    expect(storedFiles()).toEqual([files[0]!.storageKey]);
  });

  it('syncs a body in an unknown charset, and keeps nothing of a bounce but its text', async () => {
    const bob = await messageOf(people.bob.email);
    expect(bob.kind).toBe('reply');
    expect(bob.text).toContain('Hallo, gerne!');
    expect(bob.html).toBeNull();
    expect(bob.references).toEqual([sent[people.bob.email]!.messageId]);

    const carl = await messageOf('mailer-daemon@c.example');
    expect(carl.kind).toBe('bounce');
    expect(carl.text).toContain('could not be delivered');
    expect(carl.quotedText).toBe('');
    expect(await attachmentsOf(carl.id)).toEqual([]);
  });

  it('leaves no file behind when a message is read again after losing the position', async () => {
    await t.handle.db.update(emailAccounts).set({ imapLastUid: 0 }).where(eq(emailAccounts.id, f.mailboxId));
    const again = await syncMailbox(
      t.handle.db,
      f.keys,
      outreachInboundEffects,
      t.config,
      f.mailboxId,
      new Date(),
    );
    expect(again.applied).toBe(0);
    expect(await t.handle.db.select().from(inboundAttachments)).toHaveLength(2);
    expect(storedFiles()).toHaveLength(1);
  });
});

describe('GET /api/inbox/messages/:id/html', () => {
  it('serves the cleaned HTML in a sandboxed page that loads nothing remote', async () => {
    const anna = await messageOf(people.anna.email);
    const response = await get(member, htmlUrl(anna.id));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(
      "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; frame-ancestors 'self'",
    );
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'private, no-store',
      'x-frame-options': 'SAMEORIGIN',
    });
    const page = response.body;
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain('<p>Sounds good, our offer is attached.</p>');
    expect(page).not.toMatch(/<script|alert\(/);
    expect(page).not.toContain('tracker.example');
    expect(page).not.toContain('cdn.example');
    expect(page).not.toContain('cid:');
    expect(page).toContain('<span>Our team</span>');
  });

  it('lets remote images load with images=1, and takes the workspace from the query (an iframe sends no header)', async () => {
    const anna = await messageOf(people.anna.email);
    const response = await get(member, htmlUrl(anna.id, `?images=1&workspace=${f.workspaceId}`), false);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain('img-src data: https: http:;');
    expect(response.body).toContain('<img src="https://cdn.example/team.jpg" alt="Our team" />');
    expect(response.body).toContain('https://tracker.example/open.gif');
    expect(response.body).not.toMatch(/<script|cid:/);
  });

  it('answers 404 for a message without HTML, and for another workspace', async () => {
    const bob = await messageOf(people.bob.email);
    expect((await get(member, htmlUrl(bob.id))).statusCode).toBe(404);
    const anna = await messageOf(people.anna.email);
    const other = await get(outsider, htmlUrl(anna.id), false);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Sounds good');
    expect((await get(member, htmlUrl(crypto.randomUUID()))).statusCode).toBe(404);
  });
});

describe('GET /api/inbox/attachments/:id', () => {
  it('serves a kept file as a download, whatever its type', async () => {
    const [pdf] = await attachmentsOf((await messageOf(people.anna.email)).id);
    const response = await get(
      member,
      `${withId(apiPaths.inboxAttachment, pdf!.id)}?workspace=${f.workspaceId}`,
      false,
    );
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(offer);
    expect(response.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename="Angebot _ M_rz.pdf"; filename*=UTF-8''Angebot%20%E2%80%93%20M%C3%A4rz.pdf`,
      'content-length': String(offer.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
      'cache-control': 'private, no-store',
    });
  });

  it('answers 404 for a file not kept, and for another workspace', async () => {
    const [pdf, zip] = await attachmentsOf((await messageOf(people.anna.email)).id);
    expect((await get(member, withId(apiPaths.inboxAttachment, zip!.id))).statusCode).toBe(404);
    expect((await get(outsider, withId(apiPaths.inboxAttachment, pdf!.id), false)).statusCode).toBe(404);
    expect((await get(member, withId(apiPaths.inboxAttachment, crypto.randomUUID()))).statusCode).toBe(404);
  });
});
