import MarkdownIt from 'markdown-it';
import type Mail from 'nodemailer/lib/mailer';

/** What one outreach message needs; the text parts have their placeholders already filled. */
export interface ComposeInput {
  from: { name: string; email: string };
  to: string;
  /** Rendered subject of this step; follow-ups are sent as `Re: {thread subject}` instead. */
  subject: string;
  /** Rendered body: plain text with light formatting (paragraphs, lists, **bold**, links). */
  body: string;
  /** RFC 5322 Message-ID, stored before sending, e.g. `<uuid@sender.example>`. */
  messageId: string;
  /** Set on follow-ups: the first message's subject and the Message-IDs of the thread so far. */
  thread?: { subject: string; messageIds: string[] };
  /** One-click (RFC 8058) https link and a mailto for List-Unsubscribe (RFC 2369). */
  unsubscribe: { url: string; mailto: string };
  /** Sender's name and postal address, appended when the address is set (CAN-SPAM, GDPR practice). */
  footer?: { name: string; postalAddress: string | null };
  /** When set, links in the HTML part go through click tracking and an open pixel is added. */
  tracking?: { rewriteLink?: (url: string) => string; pixelUrl?: string };
}

/** `Re: {subject}` without stacking prefixes (`Re: Re: …`). */
export function replySubject(subject: string): string {
  return `Re: ${subject.replace(/^(\s*re\s*:\s*)+/i, '')}`;
}

/**
 * The HTML part of a message body written as plain text with light formatting (paragraphs, lists,
 * **bold**, links; raw HTML is shown as text), links optionally rewritten for click tracking.
 */
export function renderBodyHtml(body: string, rewriteLink?: (url: string) => string): string {
  const md = new MarkdownIt({ html: false, linkify: true, breaks: true });
  const defaultLinkOpen =
    md.renderer.rules.link_open ?? ((tokens, i, options, _env, self) => self.renderToken(tokens, i, options));
  md.renderer.rules.link_open = (tokens, i, options, env, self) => {
    const href = String(tokens[i]!.attrGet('href') ?? '');
    if (rewriteLink && /^https?:\/\//i.test(href)) tokens[i]!.attrSet('href', rewriteLink(href));
    return defaultLinkOpen(tokens, i, options, env, self);
  };
  return md.render(body);
}

/**
 * Builds the nodemailer message of one outreach step (docs/decisions/009-outreach-sending.md): our Message-ID, threading
 * headers on follow-ups (In-Reply-To, References, RFC 5322 §3.6.4), List-Unsubscribe with
 * List-Unsubscribe-Post (RFC 8058), a plain-text part that is exactly what the user wrote and an
 * HTML part with optional click tracking and open pixel.
 */
export function composeMessage(input: ComposeInput): Mail.Options {
  const footerLines = input.footer?.postalAddress?.trim()
    ? ['', '--', input.footer.name, input.footer.postalAddress.trim()]
    : [];
  const unsubscribeLine = `If you would rather not hear from me again, unsubscribe here: ${input.unsubscribe.url}`;
  const text = [input.body.trim(), ...footerLines, '', unsubscribeLine].join('\n');

  let html = renderBodyHtml(input.body.trim(), input.tracking?.rewriteLink);
  if (footerLines.length > 0) {
    html += renderBodyHtml(
      [input.footer!.name, input.footer!.postalAddress!.trim()].join('\n'),
      undefined,
    ).replace('<p>', '<p style="color:#6b7280;font-size:12px">');
  }
  html += `<p style="color:#6b7280;font-size:12px">If you would rather not hear from me again, <a href="${input.unsubscribe.url}">unsubscribe</a>.</p>`;
  if (input.tracking?.pixelUrl)
    html += `<img src="${input.tracking.pixelUrl}" width="1" height="1" alt="" style="display:none">`;

  const thread = input.thread;
  return {
    from: { name: input.from.name, address: input.from.email },
    to: input.to,
    subject: thread ? replySubject(thread.subject) : input.subject,
    messageId: input.messageId,
    ...(thread && thread.messageIds.length > 0
      ? { inReplyTo: thread.messageIds.at(-1), references: thread.messageIds }
      : {}),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribe.url}>, <${input.unsubscribe.mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
