import { CircleHelp } from 'lucide-react';
import { discoveryMessages, opportunityLabels } from '#shared/schemas/discovery';
import type { Prospect } from '#shared/schemas/prospects';
import type { SortOrder } from '#shared/schemas/pagination';
import { HelpTip } from '#web/components/ui/help-tip';
import { SortHeader, Td, Th } from '#web/components/ui/table';
import { Tooltip } from '#web/components/ui/tooltip';
import { formatDate } from '#web/lib/format';
import { EmailCheckWarning } from './email-check-warning';
import { EmailVerdictBadge } from './email-verdict-badge';
import { displayUrl } from '#shared/display-host';

/**
 * The link that made an imported prospect one (docs/decisions/033): its anchor, rel (followed,
 * nofollow, ugc, sponsored) and the day the backlink tool first saw it; nothing when unknown.
 */
function LinkEvidence({ prospect: p }: { prospect: Prospect }) {
  const parts = [
    p.sourceAnchorText && `“${p.sourceAnchorText}”`,
    p.sourceRel === null ? null : p.sourceRel === '' ? 'followed' : p.sourceRel,
    p.sourceFirstSeen && `first seen ${p.sourceFirstSeen}`,
  ].filter(Boolean);
  if (!parts.length) return null;
  const text = parts.join(' · ');
  return (
    <div className="truncate text-xs text-slate-500 dark:text-slate-400" title={text}>
      {text}
    </div>
  );
}

/** The Website and Contact header cells, over ProspectIdentityCells. */
export function ProspectIdentityHeaders() {
  return (
    <>
      <Th>Website</Th>
      <Th>Contact</Th>
    </>
  );
}

/**
 * Website and Contact (name over email) cells of a prospect row. A discovered prospect also says
 * under its website why it was proposed, linking the page it was found on. With `onOpen` the
 * website is a button that opens the prospect (its history).
 */
export function ProspectIdentityCells({ prospect: p, onOpen }: { prospect: Prospect; onOpen?: () => void }) {
  const website = displayUrl(p.website);
  return (
    <>
      <Td className="max-w-56">
        {onOpen ? (
          <button
            type="button"
            onClick={onOpen}
            title={`Show the history of ${website}`}
            className="block max-w-full cursor-pointer truncate rounded text-left font-medium text-indigo-700 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-indigo-300"
          >
            {website}
          </button>
        ) : (
          <div className="truncate font-medium" title={website}>
            {website}
          </div>
        )}
        {p.opportunityType && (
          <div className="truncate text-xs text-slate-500 dark:text-slate-400">
            {p.sourcePageUrl ? (
              <a
                href={p.sourcePageUrl}
                target="_blank"
                rel="noopener noreferrer nofollow"
                title={p.sourcePageUrl}
                className="hover:underline"
              >
                {opportunityLabels[p.opportunityType]}
              </a>
            ) : (
              opportunityLabels[p.opportunityType]
            )}
          </div>
        )}
        <LinkEvidence prospect={p} />
      </Td>
      <Td className="max-w-48">
        <div className="truncate">{p.contactName ?? '—'}</div>
        <div className="flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
          <span className="truncate" title={p.contactEmail ?? undefined}>
            {p.contactEmail ?? 'No email'}
          </span>
          <EmailVerdictBadge verification={p.emailVerification} />
          <EmailCheckWarning check={p.emailCheck} />
        </div>
      </Td>
    </>
  );
}

/**
 * The LinkPilot Score and Relevance header cells; LinkPilot Score explains itself on hover and focus. With `daSort`
 * LinkPilot Score is a sort header (`order` when it is the sorted column, else null).
 */
export function ProspectScoreHeaders({
  daSort,
}: { daSort?: { order: SortOrder | null; onSort: () => void } } = {}) {
  return (
    <>
      {daSort ? (
        <SortHeader
          className="text-right"
          label="LinkPilot Score"
          order={daSort.order}
          onSort={daSort.onSort}
        >
          <HelpTip label="What LinkPilot Score means">{discoveryMessages.daScoreExplained}</HelpTip>
        </SortHeader>
      ) : (
        <Th className="text-right">
          <Tooltip
            content={<span className="block max-w-64 normal-case">{discoveryMessages.daScoreExplained}</span>}
            side="top"
          >
            <button type="button" className="inline-flex cursor-help items-center gap-1 uppercase">
              LinkPilot Score <CircleHelp aria-hidden className="size-3.5" />
              <span className="sr-only">{discoveryMessages.daScoreExplained}</span>
            </button>
          </Tooltip>
        </Th>
      )}
      <Th className="text-right">Relevance</Th>
    </>
  );
}

/** LinkPilot Score (0–100) and Relevance (%, one decimal) cells of a prospect row. */
export function ProspectScoreCells({ prospect: p }: { prospect: Prospect }) {
  return (
    <>
      <Td className="text-right tabular-nums">{p.daScore ?? '—'}</Td>
      <Td className="text-right tabular-nums">
        {p.relevanceScore === null ? '—' : `${p.relevanceScore.toFixed(1)}%`}
      </Td>
    </>
  );
}

/** The Last Contacted cell: the date, or 'Never' (docs/product.md#campaign-detail). */
export function LastContactedCell({ prospect: p }: { prospect: Prospect }) {
  return <Td className="whitespace-nowrap">{p.lastContacted ? formatDate(p.lastContacted) : 'Never'}</Td>;
}

/**
 * Under a success or failed status, the date of that outcome (outcomeAt), apart from Last Contacted,
 * which an outcome keeps (docs/product.md#states). Nothing for other statuses or an undated outcome.
 */
export function OutcomeDate({ prospect: p }: { prospect: Prospect }) {
  if (!p.outcomeAt || (p.status !== 'success' && p.status !== 'failed')) return null;
  return (
    <div className="mt-1 text-xs whitespace-nowrap text-slate-500 dark:text-slate-400">
      <time dateTime={p.outcomeAt} title={`Marked ${p.status} on ${formatDate(p.outcomeAt)}`}>
        {formatDate(p.outcomeAt)}
      </time>
    </div>
  );
}
