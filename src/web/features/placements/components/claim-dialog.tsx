import { Download, MessageSquare } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { apiPaths, paths, withId } from '#shared/paths';
import { websiteHost } from '#shared/urls';
import {
  claimMessages as m,
  claimMoves,
  claimStatusLabels,
  isClaimActive,
  placementIssueText,
  type Claim,
  type ClaimStatus,
  type PlacementIssue,
} from '#shared/schemas/claims';
import { Alert } from '#web/components/ui/alert';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent } from '#web/components/ui/dialog';
import { ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { TextField } from '#web/components/ui/text-field';
import { TextareaField } from '#web/components/ui/textarea-field';
import { ApiError } from '#web/lib/api-error';
import { refusalMessage } from '#web/lib/form-errors';
import { formatDate, formatDateTime } from '#web/lib/format';
import { useClaim, useMoveClaim } from '../api/claim-queries';

/** The tone of a claim's state badge. */
export const claimTone: Record<ClaimStatus, BadgeTone> = {
  open: 'danger',
  publisher_replied: 'warning',
  restored: 'success',
  replaced: 'info',
  refunded: 'neutral',
  written_off: 'neutral',
};

/** What was wrong, in words, joined. */
export function issueWords(issues: readonly string[]): string {
  return issues.map((i) => placementIssueText[i as PlacementIssue] ?? i).join('; ');
}

/**
 * A replacement claim (docs/product.md#warranty-claims): what changed, the agreed terms, the proof
 * (HTTP status, link found, the HTML fragment shown as text, the page snapshot as a download), the
 * follow-up drafted in the publisher's conversation, and the moves its state allows.
 */
export function ClaimDialog({ claimId, onClose }: { claimId: string | null; onClose: () => void }) {
  const query = useClaim(claimId);
  const claim = query.data;
  return (
    <Dialog open={claimId !== null} onOpenChange={(open) => !open && onClose()}>
      {claimId !== null && (
        <DialogContent
          className="max-w-2xl"
          title={claim ? `Replacement claim — ${websiteHost(claim.terms.pageUrl)}` : 'Replacement claim'}
          description={
            claim ? (
              <span className="flex flex-wrap items-center gap-2">
                <Badge tone={claimTone[claim.status]}>{claimStatusLabels[claim.status]}</Badge>
                opened {formatDateTime(claim.openedAt)}
                {claim.assigneeName ? ` · assigned to ${claim.assigneeName}` : ''}
              </span>
            ) : undefined
          }
        >
          {query.isPending ? (
            <TableSkeleton rows={4} />
          ) : query.isError ? (
            <ErrorState message={m.loadFailed} onRetry={() => void query.refetch()} />
          ) : (
            <ClaimBody key={claim!.id} claim={claim!} />
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-5 first:mt-0" aria-label={title}>
      <h3 className="text-sm font-semibold">{title}</h3>
      <div className="mt-2 text-sm">{children}</div>
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-500 dark:text-slate-400">{term}</dt>
          <dd className="break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const preClass =
  'max-h-48 overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap break-all dark:border-slate-800 dark:bg-slate-950';

function ClaimBody({ claim }: { claim: Claim }) {
  const active = isClaimActive(claim.status);
  const proof = claim.proof;
  return (
    <div>
      {active && claim.restoreSuggestedAt && (
        <Alert className="mb-4">
          Monitoring sees the link back as agreed since {formatDateTime(claim.restoreSuggestedAt)} — mark it
          restored?
        </Alert>
      )}
      <Section title="What changed">
        <p>{issueWords(claim.issues)}</p>
      </Section>
      <Section title="Agreed terms">
        <Facts
          rows={[
            ['Page', claim.terms.pageUrl],
            ['Link to', claim.terms.targetUrl],
            ['Anchor text', claim.terms.anchorText || '—'],
            ['Rel', claim.terms.rel],
            ['Live since', claim.terms.liveAt ? formatDate(claim.terms.liveAt) : '—'],
            ['Warranty until', claim.terms.warrantyEndsOn ? formatDate(claim.terms.warrantyEndsOn) : '—'],
          ]}
        />
      </Section>
      <Section title="Proof">
        {proof ? (
          <>
            <Facts
              rows={[
                ['Checked', formatDateTime(proof.checkedAt)],
                ['HTTP status', proof.httpStatus ?? 'no answer'],
                [
                  'Link found',
                  proof.found
                    ? `${proof.found.url} — “${proof.found.anchorText}”, rel ${proof.found.rel.join(' ') || 'dofollow'}`
                    : 'none',
                ],
                ['Kept until', formatDate(proof.keepUntil)],
              ]}
            />
            {proof.fragment && (
              <>
                <p className="mt-3 text-slate-500 dark:text-slate-400">The page’s HTML (shown as text):</p>
                <pre className={`mt-1 ${preClass}`} aria-label="HTML fragment">
                  {proof.fragment}
                </pre>
              </>
            )}
            {proof.snapshotBytes !== null && (
              <Button variant="outline" size="sm" className="mt-3" asChild>
                <a href={withId(apiPaths.claimSnapshot, claim.id)} download>
                  <Download aria-hidden className="size-4" /> Download page snapshot
                </a>
              </Button>
            )}
          </>
        ) : (
          <p className="text-slate-500 dark:text-slate-400">The proof is no longer kept.</p>
        )}
      </Section>
      <Section title="Follow-up to the publisher">
        {claim.threadId ? (
          <p>
            A draft quoting the terms and the proof waits in the publisher’s conversation. Nothing is sent
            until you send it from the Inbox.
          </p>
        ) : (
          <p>No conversation with this publisher in the Inbox yet: copy the drafted text below.</p>
        )}
        <details className="mt-2">
          <summary className="cursor-pointer text-indigo-700 dark:text-indigo-300">Drafted text</summary>
          <pre className={`mt-2 ${preClass}`}>{claim.draftBody}</pre>
        </details>
        {claim.threadId && (
          <Button variant="outline" size="sm" className="mt-3" asChild>
            <Link to={paths.inboxThread(claim.threadId)}>
              <MessageSquare aria-hidden className="size-4" /> Open conversation
            </Link>
          </Button>
        )}
      </Section>
      {active ? (
        <ClaimActions claim={claim} />
      ) : (
        <Section title="Resolution">
          <p>
            {claimStatusLabels[claim.status]}
            {claim.resolvedAt ? ` on ${formatDate(claim.resolvedAt)}` : ''}.
            {claim.note ? ` ${claim.note}` : ''}
          </p>
        </Section>
      )}
    </div>
  );
}

const moveLabels: Partial<Record<ClaimStatus, string>> = {
  publisher_replied: 'Publisher replied',
  restored: 'Mark restored',
  refunded: 'Mark refunded',
  written_off: 'Write off',
};

function ClaimActions({ claim }: { claim: Claim }) {
  const move = useMoveClaim();
  const [note, setNote] = useState(claim.note);
  const [replacing, setReplacing] = useState(false);
  const [pageUrl, setPageUrl] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);

  const go = async (to: Exclude<ClaimStatus, 'open'>) => {
    setError(null);
    setFieldError(undefined);
    await move
      .mutateAsync({
        id: claim.id,
        input: { to, note: note || undefined, replacementPageUrl: to === 'replaced' ? pageUrl : undefined },
      })
      .then(
        () => toast.success(m.moved),
        (caught: unknown) => {
          const issue =
            caught instanceof ApiError ? caught.issues.find((i) => i.path === 'replacementPageUrl') : null;
          if (issue) setFieldError(issue.message);
          else setError(refusalMessage(caught, m.moveFailed));
        },
      );
  };

  return (
    <Section title="Move the claim">
      {error && (
        <Alert variant="destructive" className="mb-3">
          {error}
        </Alert>
      )}
      <TextareaField
        label="Note (optional)"
        rows={2}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      {replacing && (
        <form
          className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            void go('replaced');
          }}
        >
          <TextField
            className="flex-1"
            label="Page URL of the replacement link"
            value={pageUrl}
            error={fieldError}
            onChange={(e) => setPageUrl(e.target.value)}
          />
          <Button type="submit" loading={move.isPending}>
            Record replacement
          </Button>
        </form>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {claimMoves[claim.status].map((to) =>
          to === 'replaced' ? (
            !replacing && (
              <Button key={to} variant="outline" onClick={() => setReplacing(true)}>
                Replaced…
              </Button>
            )
          ) : (
            <Button
              key={to}
              variant={to === 'restored' && claim.restoreSuggestedAt ? 'default' : 'outline'}
              disabled={move.isPending}
              onClick={() => void go(to as Exclude<ClaimStatus, 'open'>)}
            >
              {moveLabels[to]}
            </Button>
          ),
        )}
      </div>
    </Section>
  );
}
