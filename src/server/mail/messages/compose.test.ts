import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSmtpTransport, startSmtpServer, type LocalSmtpServer } from '../../testing/mail-servers';
import { composeMessage, replySubject, type ComposeInput } from './compose';

const user = { user: 'grace@sender.example', pass: 'pw' };
let smtp: LocalSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer([user]);
});
afterAll(() => smtp.close());

const base: ComposeInput = {
  from: { name: 'Grace Hopper', email: 'grace@sender.example' },
  to: 'anna@blog.example',
  subject: 'Article idea for blog.example',
  body: 'Hi Anna,\n\nI liked https://blog.example/post and **really** mean it.\n\n- one\n- two',
  messageId: '<first-1@sender.example>',
  unsubscribe: {
    url: 'https://app.example/u/tok',
    mailto: 'mailto:grace@sender.example?subject=unsubscribe',
  },
};

async function deliver(input: ComposeInput) {
  const transport = localSmtpTransport(smtp, user);
  const before = smtp.messages.length;
  await transport.sendMail(composeMessage(input));
  return (await smtp.waitFor(before + 1)).at(-1)!;
}

describe('composeMessage, as received by a real SMTP server', () => {
  it('carries our Message-ID and the one-click unsubscribe headers (RFC 8058)', async () => {
    const { parsed, raw } = await deliver(base);
    expect(parsed.messageId).toBe('<first-1@sender.example>');
    const headers = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' '); // unfold (RFC 5322 §2.2.3)
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(headers).toMatch(
      /List-Unsubscribe: <https:\/\/app\.example\/u\/tok>, <mailto:grace@sender\.example\?subject=unsubscribe>/,
    );
    expect(parsed.subject).toBe('Article idea for blog.example');
    expect(parsed.from?.text).toBe('"Grace Hopper" <grace@sender.example>');
  });

  it('keeps the text part as written and renders a safe HTML part', async () => {
    const { parsed } = await deliver({ ...base, body: `${base.body}\n<script>alert(1)</script>` });
    expect(parsed.text).toContain('I liked https://blog.example/post and **really** mean it.');
    expect(parsed.text).toContain('unsubscribe here: https://app.example/u/tok');
    expect(parsed.html).toContain('<strong>really</strong>');
    expect(parsed.html).toContain('<li>one</li>');
    expect(parsed.html).not.toContain('<script>');
    expect(parsed.html).toContain('&lt;script&gt;');
  });

  it('threads follow-ups with In-Reply-To, References and a single Re: prefix', async () => {
    const { parsed } = await deliver({
      ...base,
      messageId: '<second-2@sender.example>',
      subject: 'Ignored for follow-ups',
      thread: { subject: 'Re: Article idea for blog.example', messageIds: ['<first-1@sender.example>'] },
    });
    expect(parsed.subject).toBe('Re: Article idea for blog.example');
    expect(parsed.inReplyTo).toBe('<first-1@sender.example>');
    expect(parsed.references).toBe('<first-1@sender.example>');
  });

  it('rewrites links for click tracking and adds the open pixel only in the HTML part', async () => {
    const { parsed } = await deliver({
      ...base,
      tracking: {
        rewriteLink: (url) => `https://app.example/t/c/${encodeURIComponent(url)}`,
        pixelUrl: 'https://app.example/t/o/px.gif',
      },
    });
    expect(parsed.html).toContain('href="https://app.example/t/c/https%3A%2F%2Fblog.example%2Fpost"');
    expect(parsed.html).toContain('<img src="https://app.example/t/o/px.gif"');
    expect(parsed.text).toContain('https://blog.example/post');
    expect(parsed.text).not.toContain('/t/c/');
  });

  it('appends the sender footer with the postal address when one is set', async () => {
    const { parsed } = await deliver({
      ...base,
      footer: { name: 'Grace Hopper', postalAddress: '1 Navy Yard\nArlington, VA' },
    });
    expect(parsed.text).toContain('--\nGrace Hopper\n1 Navy Yard\nArlington, VA');
    const none = await deliver({ ...base, footer: { name: 'Grace Hopper', postalAddress: null } });
    expect(none.parsed.text).not.toContain('--');
  });
});

describe('replySubject', () => {
  it.each([
    ['Hello', 'Re: Hello'],
    ['Re: Hello', 'Re: Hello'],
    ['RE:re: Hello', 'Re: Hello'],
  ])('%s → %s', (subject, expected) => expect(replySubject(subject)).toBe(expected));
});
