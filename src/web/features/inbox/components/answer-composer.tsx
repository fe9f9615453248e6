import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Braces, Send, Sparkles, TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { answerInputSchema, inboxMessages as m, type InboxThread } from '#shared/schemas/inbox';
import type { Placeholder } from '#shared/placeholders';
import { replySuggestionMessages } from '#shared/schemas/reply-suggestions';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { TextField } from '#web/components/ui/text-field';
import { TextareaField } from '#web/components/ui/textarea-field';
import { ApiError } from '#web/lib/api-error';
import { refusalMessage } from '#web/lib/form-errors';
import { useSingleFlight } from '#web/lib/use-single-flight';
import { aiFailureMessage } from '#web/data/ai-failure';
import { useAiStatus } from '#web/data/ai-queries';
import { useReplySuggestion } from '#web/data/reply-suggestion-mutations';
import { useSaveAnswerDraft, useSendAnswer } from '../api/thread-queries';

/** How long typing must pause before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 800;

/** The placeholders an answer may hold (src/shared/placeholders.ts), filled in when it is sent. */
const answerPlaceholders: Placeholder[] = ['[First Name]', '[Name]', '[Website]', '[Your Name]'];

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';
const saveStateText: Record<SaveState, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Draft saved',
  failed: 'Draft not saved',
};

/** The latest of their messages that a person wrote: the one an AI suggestion answers. */
function latestReplyId(messages: InboxThread['messages']): string | null {
  let latest: { id: string; time: number } | null = null;
  for (const message of messages) {
    if (message.type !== 'inbound' || message.kind !== 'reply') continue;
    const time = Date.parse(message.at);
    if (!latest || time >= latest.time) latest = { id: message.id, time };
  }
  return latest?.id ?? null;
}

/**
 * Keeps the server's copy of the draft up to date: a save once typing pauses, one at a time and in
 * order (an older save landing last would bring back text the user deleted), and a last save when
 * the composer goes away (another conversation opened) with changes still waiting.
 */
function useDraftAutosave(threadId: string) {
  const saveDraft = useSaveAnswerDraft(threadId).mutateAsync;
  const [state, setState] = useState<SaveState>('idle');
  const waiting = useRef<{ subject: string; body: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const input = waiting.current;
    waiting.current = null;
    if (!input) return chain.current;
    chain.current = chain.current
      .catch(() => undefined)
      .then(() => saveDraft(input))
      .then(
        () => !waiting.current && setState('saved'),
        () => !waiting.current && setState('failed'),
      );
    return chain.current;
  }, [saveDraft]);

  const schedule = useCallback(
    (input: { subject: string; body: string }) => {
      waiting.current = input;
      setState('saving');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [flush],
  );

  /** Drops a save that has not started (the text is being sent) and waits for the one under way. */
  const settle = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    waiting.current = null;
    await chain.current.catch(() => undefined);
    setState('idle');
  }, []);

  useEffect(() => () => void (timer.current && flush()), [flush]);

  return { state, schedule, settle };
}

/**
 * The answer composer (docs/product.md#inbox): subject and plain-text body prefilled from the member's
 * draft, autosaved while typing; placeholders; an AI suggestion for the latest reply when AI is set up;
 * and Send. A refused send keeps the text and says why in place (the server keeps the draft too).
 */
export function AnswerComposer({ data }: { data: InboxThread }) {
  const threadId = data.thread.id;
  // Only the first render's draft is used: a live refetch must not overwrite what is being typed.
  const [subject, setSubject] = useState(() => data.draft?.subject || data.answerSubject);
  const [body, setBody] = useState(() => data.draft?.body ?? '');
  const [sendError, setSendError] = useState<string | null>(() => data.draft?.lastError ?? null);
  const autosave = useDraftAutosave(threadId);
  const send = useSendAnswer(threadId);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<number | null>(null);

  const ai = useAiStatus();
  const replyId = latestReplyId(data.messages);
  const suggestion = useReplySuggestion(replyId ?? '');

  const edit = (next: { subject?: string; body?: string }) => {
    const values = { subject: next.subject ?? subject, body: next.body ?? body };
    if (next.subject !== undefined) setSubject(next.subject);
    if (next.body !== undefined) setBody(next.body);
    autosave.schedule(values);
  };

  const insertPlaceholder = (placeholder: Placeholder) => {
    const el = textarea.current;
    const start = el?.selectionStart ?? body.length;
    const end = el?.selectionEnd ?? body.length;
    edit({ body: body.slice(0, start) + placeholder + body.slice(end) });
    caret.current = start + placeholder.length;
  };

  const suggest = () => suggestion.mutate(undefined, { onSuccess: ({ draft }) => edit({ body: draft }) });

  const mailbox = data.mailbox;
  const noContact = !data.thread.contactEmail;
  const canSend = mailbox !== null && !noContact;

  const onSend = useSingleFlight(async () => {
    if (!canSend) return;
    if (!body.trim()) {
      setSendError(m.emptyBody);
      return;
    }
    const parsed = answerInputSchema.safeParse({ subject: subject.trim() || data.answerSubject, body });
    if (!parsed.success) {
      setSendError(parsed.error.issues[0]?.message ?? m.sendFailed);
      return;
    }
    // The text goes with the send; a save landing after it would bring the draft back.
    await autosave.settle();
    setSendError(null);
    await send.mutateAsync(parsed.data).then(
      (thread) => {
        toast.success(m.sent);
        setBody('');
        setSubject(thread.answerSubject);
      },
      (error: unknown) => {
        setSendError(refusalMessage(error, m.sendFailed));
        // A refusal was stored with the draft by the server; a network failure may have stored nothing.
        if (!(error instanceof ApiError && error.isClientError)) autosave.schedule(parsed.data);
      },
    );
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      void onSend();
    }
  };

  const sending = send.isPending;
  const showSuggest = ai.data?.configured === true && replyId !== null && !body.trim();

  return (
    <Card className="p-3 sm:p-4">
      <form
        aria-label="Answer"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSend();
        }}
        className="space-y-3"
      >
        {mailbox?.paused && <Warning>{m.mailboxPaused}</Warning>}
        {mailbox && !mailbox.paused && mailbox.error && (
          <Warning>
            {m.mailboxError} <span className="opacity-80">({mailbox.error})</span>
          </Warning>
        )}
        {mailbox && noContact && <Warning>{m.noContact}</Warning>}
        <TextField
          label="Subject"
          value={subject}
          readOnly={sending}
          onChange={(event) => edit({ subject: event.target.value })}
        />
        <TextareaField
          ref={textarea}
          label="Your answer"
          rows={6}
          value={body}
          readOnly={sending}
          onChange={(event) => edit({ body: event.target.value })}
          onKeyDown={onKeyDown}
        />
        {sendError && <Alert variant="destructive">{sendError}</Alert>}
        <div className="flex flex-wrap items-center gap-2">
          <DropdownMenu.Root>
            <DropdownMenu.Trigger asChild>
              <Button type="button" variant="outline" size="sm" disabled={sending}>
                <Braces aria-hidden className="size-4" /> Insert placeholder
              </Button>
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="start"
                sideOffset={4}
                collisionPadding={8}
                onCloseAutoFocus={(event) => {
                  // Back to the text, the caret just after what was inserted.
                  if (caret.current === null || !textarea.current) return;
                  event.preventDefault();
                  const at = caret.current;
                  caret.current = null;
                  textarea.current.focus();
                  textarea.current.setSelectionRange(at, at);
                }}
                className="z-50 min-w-44 rounded-lg border border-slate-200 bg-white p-1 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
              >
                {answerPlaceholders.map((p) => (
                  <DropdownMenu.Item
                    key={p}
                    onSelect={() => insertPlaceholder(p)}
                    className="cursor-pointer rounded-md px-3 py-2 font-mono text-sm outline-none select-none data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-900 dark:data-[highlighted]:bg-indigo-500/20 dark:data-[highlighted]:text-white"
                  >
                    {p}
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
          {showSuggest && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              loading={suggestion.isPending}
              onClick={suggest}
            >
              {!suggestion.isPending && <Sparkles aria-hidden className="size-4" />}
              {suggestion.isPending ? 'Suggesting…' : 'Suggest an answer'}
            </Button>
          )}
          <div className="ml-auto flex flex-wrap items-center justify-end gap-3">
            <span role="status" aria-live="polite" className="text-xs text-slate-500 dark:text-slate-400">
              {saveStateText[autosave.state]}
            </span>
            {mailbox === null ? null : (
              <Button type="submit" size="sm" loading={sending} disabled={!body.trim() || !canSend}>
                {!sending && <Send aria-hidden className="size-4" />} Send
              </Button>
            )}
          </div>
        </div>
        {showSuggest && suggestion.isError && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {aiFailureMessage(suggestion.error, replySuggestionMessages.failed)}
          </p>
        )}
        {mailbox === null && <Alert variant="destructive">{m.mailboxGone}</Alert>}
      </form>
    </Card>
  );
}

/** An amber notice: sending will not work until something outside this screen is fixed. */
function Warning({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900/70 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
