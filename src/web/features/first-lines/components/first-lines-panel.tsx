import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  firstLineMessages as m,
  MAX_FIRST_LINE_CHARS,
  updateFirstLineSchema,
  type ProspectFirstLine,
} from '#shared/schemas/first-lines';
import { PagedQueryCard } from '#web/components/query-card';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/page-states';
import { aiFailureMessage } from '#web/data/ai-failure';
import { useAiStatus } from '#web/data/ai-queries';
import { AiNotConfigured } from '#web/widgets/ai/ai-not-configured';
import {
  useDiscardFirstLine,
  useDraftFirstLine,
  useFirstLinePage,
  useSetFirstLineApproval,
  useUpdateFirstLine,
} from '../api/first-line-queries';
import { displayUrl } from '#shared/display-host';

const PAGE_SIZE = 10;

/** The API's own words when the user can act on them (try again, daily limit); else the generic ones. */
const draftError = (error: unknown) => aiFailureMessage(error, m.draftFailed);

interface RowProps {
  campaignId: string;
  item: ProspectFirstLine;
  canDraft: boolean;
  requireApproval: boolean;
}

/** One prospect's line: draft or redraft it, edit it, approve it or discard it. */
function FirstLineRow({ campaignId, item, canDraft, requireApproval }: RowProps) {
  const [text, setText] = useState(item.line?.text ?? '');
  const [syncedFrom, setSyncedFrom] = useState(item.line);
  const [error, setError] = useState<string | null>(null);
  const draft = useDraftFirstLine(campaignId);
  const update = useUpdateFirstLine(campaignId);
  const discard = useDiscardFirstLine(campaignId);
  // A new draft from the server replaces what is in the box (adjusting state while rendering, not in an effect).
  if (syncedFrom !== item.line) {
    setSyncedFrom(item.line);
    setText(item.line?.text ?? '');
  }
  const busy = draft.isPending || update.isPending || discard.isPending;
  const save = (approved: boolean) => {
    const parsed = updateFirstLineSchema.safeParse({ text, approved });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    update.mutate({ prospectId: item.prospectId, ...parsed.data }, { onError: () => setError(m.saveFailed) });
  };
  const drawUp = () =>
    draft.mutate(item.prospectId, {
      onSuccess: () => setError(null),
      onError: (e) => setError(draftError(e)),
    });
  const status = item.line?.status;
  return (
    <li className="space-y-2 px-5 py-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium">
            {displayUrl(item.website)}
            {item.contactName && <span className="font-normal text-slate-500"> · {item.contactName}</span>}
          </p>
          {item.sourcePageUrl && (
            <a
              href={item.sourcePageUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="block truncate text-xs text-indigo-700 hover:underline dark:text-indigo-300"
            >
              Found on {displayUrl(item.sourcePageUrl)}
            </a>
          )}
        </div>
        <Badge tone={status === 'approved' ? 'success' : status === 'draft' ? 'warning' : 'neutral'}>
          {status === 'approved' ? 'Approved' : status === 'draft' ? 'Draft' : 'No line'}
        </Badge>
      </div>
      {item.line ? (
        <>
          <label className="sr-only" htmlFor={`first-line-${item.prospectId}`}>
            First line for {displayUrl(item.website)}
          </label>
          <textarea
            id={`first-line-${item.prospectId}`}
            rows={2}
            maxLength={MAX_FIRST_LINE_CHARS}
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm outline-none focus-visible:border-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-500/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          />
          <div className="flex flex-wrap gap-2">
            {requireApproval && (
              <Button size="sm" disabled={busy} onClick={() => save(true)}>
                {status === 'approved' && text === item.line.text ? 'Approved' : 'Approve'}
              </Button>
            )}
            <Button
              size="sm"
              variant="outline"
              disabled={busy || text === item.line.text}
              onClick={() => save(false)}
            >
              Save as draft
            </Button>
            <Button size="sm" variant="outline" disabled={busy || !canDraft} onClick={drawUp}>
              {draft.isPending ? 'Drafting...' : 'Redraft'}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => discard.mutate(item.prospectId, { onError: () => setError(m.saveFailed) })}
            >
              Discard
            </Button>
          </div>
        </>
      ) : (
        <Button size="sm" variant="outline" disabled={busy || !canDraft} onClick={drawUp}>
          <Sparkles aria-hidden className="size-4" /> {draft.isPending ? 'Drafting...' : 'Draft first line'}
        </Button>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </li>
  );
}

/**
 * Personalised first lines of a campaign (docs/decisions/010-ai-writing.md), for mounting on the campaign: each prospect's
 * line drafted by the model from the page it was found on, editable, and — while the campaign asks for
 * approval (the default) — used by [AI First Line] in sequence steps only once approved. Prospects
 * without a usable line get the plain template. Drafting the whole page shows its progress.
 */
export function FirstLinesPanel({ campaignId }: { campaignId: string }) {
  const [page, setPage] = useState(1);
  const query = useFirstLinePage(campaignId, { page, pageSize: PAGE_SIZE, order: 'asc' });
  const status = useAiStatus();
  const setApproval = useSetFirstLineApproval(campaignId);
  const draft = useDraftFirstLine(campaignId);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [draftMissingError, setDraftMissingError] = useState<string | null>(null);
  const canDraft = status.data?.configured === true;

  const draftMissing = async (items: ProspectFirstLine[]) => {
    const missing = items.filter((i) => !i.line);
    setDraftMissingError(null);
    setProgress({ done: 0, total: missing.length });
    for (const [index, item] of missing.entries()) {
      try {
        await draft.mutateAsync(item.prospectId);
      } catch (error) {
        setDraftMissingError(draftError(error));
        break;
      }
      setProgress({ done: index + 1, total: missing.length });
    }
    setProgress(null);
  };

  return (
    <PagedQueryCard
      query={query}
      errorMessage={m.loadFailed}
      pager={{ page, pageSize: PAGE_SIZE, onPageChange: setPage, noun: 'prospects' }}
      heading={
        <div className="space-y-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
          <div>
            <h2 className="flex items-center gap-2 text-base font-semibold">
              <Sparkles aria-hidden className="size-4 text-indigo-600 dark:text-indigo-400" /> AI first lines
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Put [AI First Line] in a sequence step. A prospect without a usable line gets the plain
              template.
            </p>
          </div>
          {status.data?.configured === false && <AiNotConfigured />}
          {query.data && (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-indigo-600"
                  checked={query.data.requireApproval}
                  disabled={setApproval.isPending}
                  onChange={(event) =>
                    setApproval.mutate(event.target.checked, { onError: () => toast.error(m.saveFailed) })
                  }
                />
                Approve lines before they go out
              </label>
              <Button
                size="sm"
                disabled={!canDraft || progress !== null || query.data.items.every((i) => i.line)}
                onClick={() => void draftMissing(query.data.items)}
              >
                {progress
                  ? `Drafting ${progress.done + 1} of ${progress.total}...`
                  : 'Draft missing on this page'}
              </Button>
            </div>
          )}
          {draftMissingError && (
            <p role="alert" className="text-right text-sm text-red-600 dark:text-red-400">
              {draftMissingError}
            </p>
          )}
        </div>
      }
      empty={
        <EmptyState icon={Sparkles} title="No prospects yet">
          First lines are drafted per prospect once the campaign has prospects.
        </EmptyState>
      }
    >
      {(data) => (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {data.items.map((item) => (
            <FirstLineRow
              key={item.prospectId}
              campaignId={campaignId}
              item={item}
              canDraft={canDraft && progress === null}
              requireApproval={data.requireApproval}
            />
          ))}
        </ul>
      )}
    </PagedQueryCard>
  );
}
