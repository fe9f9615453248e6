import { CircleAlert, ImageOff, Paperclip } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { apiPaths, withId, withQuery } from '#shared/paths';
import type { inboundKinds, ThreadMessage } from '#shared/schemas/inbox';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { activeWorkspaceId } from '#web/lib/active-workspace';
import { cn } from '#web/lib/cn';
import { formatDateTime } from '#web/lib/format';

type Inbound = Extract<ThreadMessage, { type: 'inbound' }>;
type Attachment = Inbound['attachments'][number];
type InboundKind = (typeof inboundKinds)[number];

/** How a message that is not a person's reply is marked (docs/decisions/013-inbound-classification.md). */
const kindBadges: Record<Exclude<InboundKind, 'reply'>, { label: string; tone: BadgeTone }> = {
  auto_reply: { label: 'Auto-reply', tone: 'warning' },
  bounce: { label: 'Bounce', tone: 'danger' },
  unsubscribe: { label: 'Unsubscribe', tone: 'danger' },
  challenge: { label: 'Verification request', tone: 'warning' },
};

/** The workspace an address outside apiRequest (a frame, a download link) must name itself: it cannot send the header. */
function withWorkspace(path: string, extra: Record<string, string | undefined> = {}): string {
  return withQuery(path, { workspace: activeWorkspaceId() ?? undefined, ...extra });
}

/** A file size as people read it: whole KB below a megabyte, MB with one decimal above. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const muted = 'text-slate-500 dark:text-slate-400';
const bodyText = 'text-sm break-words whitespace-pre-wrap';

/**
 * One message of a conversation as a card: ours (a sequence step or an answer from the app) on the
 * right in the accent colour, theirs on the left; automatic mail (auto-replies, bounces…) is marked.
 */
export function MessageCard({ message }: { message: ThreadMessage }) {
  const ours = message.type !== 'inbound';
  const label =
    message.type === 'step'
      ? `Step ${message.stepNumber}`
      : message.type === 'answer'
        ? `Answer by ${message.author ?? 'a former member'}`
        : message.fromEmail;
  return (
    <article
      aria-label={ours ? `Our message: ${label}` : `Their message from ${label}`}
      className={cn(
        'w-full max-w-[94%] rounded-xl border p-3 sm:max-w-[85%] sm:p-4',
        ours
          ? 'ml-auto border-indigo-200 bg-indigo-50 dark:border-indigo-900 dark:bg-indigo-950/40'
          : 'mr-auto border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="flex min-w-0 flex-wrap items-center gap-2 text-sm font-medium">
          <span className="break-all">{label}</span>
          {message.type === 'inbound' && message.kind !== 'reply' && (
            <Badge tone={kindBadges[message.kind].tone} className="normal-case">
              {kindBadges[message.kind].label}
            </Badge>
          )}
        </p>
        <time dateTime={message.at} className={cn('text-xs', muted)}>
          {formatDateTime(message.at)}
        </time>
      </header>
      {message.type !== 'inbound' && <p className={cn('text-xs break-all', muted)}>to {message.toEmail}</p>}
      <p className="mt-1 text-sm font-medium break-words">{message.subject || '(no subject)'}</p>
      <div className="mt-2">
        {message.type === 'inbound' ? (
          <InboundBody message={message} />
        ) : (
          <p className={bodyText}>{message.body}</p>
        )}
      </div>
      {message.type === 'answer' && message.sentCopyError && (
        <p className="mt-2 flex items-start gap-1.5 text-xs text-amber-700 dark:text-amber-300">
          <CircleAlert aria-hidden className="mt-0.5 size-3.5 shrink-0" />
          <span>Not copied to the Sent folder: {message.sentCopyError}</span>
        </p>
      )}
    </article>
  );
}

/** A two-state switch (Text / HTML): pressed buttons, so it reads right to assistive technology. */
function ViewToggle({
  view,
  onChange,
}: {
  view: 'text' | 'html';
  onChange: (view: 'text' | 'html') => void;
}) {
  const option = (value: 'text' | 'html', children: ReactNode) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onChange(value)}
      className={cn(
        'cursor-pointer rounded-md px-2.5 py-1 text-xs font-medium outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
        view === value
          ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-800 dark:text-white'
          : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
      )}
    >
      {children}
    </button>
  );
  return (
    <div
      role="group"
      aria-label="Show the message as"
      className="inline-flex rounded-lg border border-slate-200 bg-slate-100 p-0.5 dark:border-slate-800 dark:bg-slate-950"
    >
      {option('text', 'Text')}
      {option('html', 'HTML')}
    </div>
  );
}

/** Their message: their own words, the quoted history behind a toggle, the HTML version on request, the attachments. */
function InboundBody({ message }: { message: Inbound }) {
  // A message with no text part is only readable as HTML; any other opens as text.
  const [view, setView] = useState<'text' | 'html'>(
    message.hasHtml && !message.text.trim() ? 'html' : 'text',
  );
  const [showQuoted, setShowQuoted] = useState(false);
  return (
    <div className="space-y-2">
      {message.hasHtml && <ViewToggle view={view} onChange={setView} />}
      {view === 'html' ? (
        <MessageHtmlFrame messageId={message.id} />
      ) : (
        <>
          <p className={bodyText}>
            {message.text.trim() ? message.text : <span className={muted}>(no text)</span>}
          </p>
          {message.quotedText.trim() && (
            <div>
              <Button
                variant="ghost"
                size="xs"
                aria-expanded={showQuoted}
                onClick={() => setShowQuoted((v) => !v)}
                className={muted}
              >
                {showQuoted ? 'Hide quoted text' : 'Show quoted text'}
              </Button>
              {showQuoted && (
                <blockquote
                  className={cn(
                    bodyText,
                    'mt-1 border-l-2 border-slate-300 pl-3 text-slate-600 dark:border-slate-700 dark:text-slate-400',
                  )}
                >
                  {message.quotedText}
                </blockquote>
              )}
            </div>
          )}
        </>
      )}
      {message.attachments.length > 0 && <AttachmentList attachments={message.attachments} />}
    </div>
  );
}

/**
 * The sanitised HTML version in a frame sandboxed without scripts or same-origin (the server sends
 * the same sandbox as its Content-Security-Policy): the mail's markup can neither run nor reach the
 * app; only its links may open, in a new tab.
 * Remote images stay blocked until asked for, since loading them tells the sender the mail was read.
 */
function MessageHtmlFrame({ messageId }: { messageId: string }) {
  const [images, setImages] = useState(false);
  const src = withWorkspace(withId(apiPaths.inboxMessageHtml, messageId), {
    images: images ? '1' : undefined,
  });
  return (
    <div className="space-y-2">
      {!images && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-xs text-slate-700 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-300">
          <span className="flex items-center gap-1.5">
            <ImageOff aria-hidden className="size-3.5" /> Remote images are blocked
          </span>
          <Button variant="outline" size="xs" onClick={() => setImages(true)}>
            Show images
          </Button>
        </div>
      )}
      {/* Mail is written for a white page whatever the app's theme, so the frame keeps one. */}
      <iframe
        title="HTML version of the message"
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        src={src}
        referrerPolicy="no-referrer"
        loading="lazy"
        className="h-96 w-full rounded-lg border border-slate-200 bg-white dark:border-slate-800"
      />
    </div>
  );
}

/** The message's files: a download link each, or why one was not kept. */
function AttachmentList({ attachments }: { attachments: Attachment[] }) {
  return (
    <ul aria-label="Attachments" className="flex flex-wrap gap-2 pt-1">
      {attachments.map((a) => (
        <li
          key={a.id}
          className="flex max-w-full min-w-0 items-center gap-2 rounded-lg border border-slate-200 px-2.5 py-1.5 text-xs dark:border-slate-700"
        >
          <Paperclip aria-hidden className={cn('size-3.5 shrink-0', muted)} />
          {a.downloadable ? (
            <a
              href={withWorkspace(withId(apiPaths.inboxAttachment, a.id))}
              download={a.filename}
              className="min-w-0 truncate font-medium text-indigo-700 hover:underline dark:text-indigo-300"
              title={a.filename}
            >
              {a.filename}
            </a>
          ) : (
            <span className="min-w-0 truncate font-medium" title={a.filename}>
              {a.filename}
            </span>
          )}
          <span className={cn('shrink-0', muted)}>{formatFileSize(a.size)}</span>
          {!a.downloadable && (
            <span className="shrink-0 text-amber-700 dark:text-amber-300">Too large to keep</span>
          )}
        </li>
      ))}
    </ul>
  );
}
