import { Check, Copy, Sparkles } from 'lucide-react';
import { useState } from 'react';
import {
  replyCategoryLabels,
  replySuggestionMessages as m,
  type ReplyCategory,
} from '#shared/schemas/reply-suggestions';
import { Alert } from '#web/components/ui/alert';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { TextareaField } from '#web/components/ui/textarea-field';
import { useCopy } from '#web/lib/use-copy';
import { aiFailureMessage } from '#web/data/ai-failure';
import { useAiStatus } from '#web/data/ai-queries';
import { useReplySuggestion } from '#web/data/reply-suggestion-mutations';
import { AiNotConfigured } from './ai-not-configured';

const categoryTone: Record<ReplyCategory, BadgeTone> = {
  interested: 'success',
  asks_for_payment: 'warning',
  not_interested: 'danger',
  question: 'info',
};

interface ReplyAssistProps {
  /** The inbound reply to suggest an answer for. */
  inboundMessageId: string;
  /** Hands the (edited) draft to the caller's reply composer; without it the draft can only be copied. */
  onUseDraft?: (draft: string) => void;
}

/**
 * Reply assistance (docs/decisions/010-ai-writing.md), for mounting beside an inbound reply (e.g. in the prospect timeline):
 * on request it suggests a category (interested, asks for payment, not interested, question) and a short
 * answer draft the user can edit and copy. It never sends anything itself.
 */
export function ReplyAssist({ inboundMessageId, onUseDraft }: ReplyAssistProps) {
  const status = useAiStatus();
  const suggestion = useReplySuggestion(inboundMessageId);
  const [draft, setDraft] = useState('');
  const { copied, copy } = useCopy();

  if (status.data?.configured === false) return <AiNotConfigured />;

  const suggest = () => suggestion.mutate(undefined, { onSuccess: (data) => setDraft(data.draft) });

  return (
    <section
      aria-label="Reply assistant"
      className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 text-sm font-semibold">
          <Sparkles aria-hidden className="size-4 text-indigo-600 dark:text-indigo-400" /> Reply assistant
        </h3>
        <Button
          variant="outline"
          size="sm"
          onClick={suggest}
          disabled={suggestion.isPending || status.isPending}
        >
          {suggestion.isPending ? 'Suggesting...' : suggestion.data ? 'Suggest again' : 'Suggest a reply'}
        </Button>
      </div>
      {suggestion.isError && (
        <Alert variant="destructive">{aiFailureMessage(suggestion.error, m.failed)}</Alert>
      )}
      {suggestion.data && (
        <>
          <p className="flex items-center gap-2 text-sm">
            <span className="text-slate-600 dark:text-slate-400">Category:</span>
            <Badge tone={categoryTone[suggestion.data.category]}>
              {replyCategoryLabels[suggestion.data.category]}
            </Badge>
          </p>
          <TextareaField
            label="Suggested answer"
            hint="Edit it as you like: nothing is sent until you send it yourself."
            rows={6}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" disabled={!draft.trim()} onClick={() => void copy(draft)}>
              {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
              {copied ? 'Copied!' : 'Copy'}
            </Button>
            {onUseDraft && (
              <Button size="sm" disabled={!draft.trim()} onClick={() => onUseDraft(draft)}>
                Use this draft
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
