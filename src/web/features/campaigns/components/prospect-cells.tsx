import type { Prospect } from '../../../../shared/schemas/prospects';
import { Td } from '../../../components/ui/table';
import { formatDate } from '../../../lib/format';

/** Website and Contact (name over email) cells of a prospect row. */
export function ProspectIdentityCells({ prospect: p }: { prospect: Prospect }) {
  return (
    <>
      <Td className="max-w-48 truncate font-medium" title={p.website}>
        {p.website}
      </Td>
      <Td className="max-w-48">
        <div className="truncate">{p.contactName ?? '—'}</div>
        <div
          className="truncate text-xs text-slate-500 dark:text-slate-400"
          title={p.contactEmail ?? undefined}
        >
          {p.contactEmail ?? 'No email'}
        </div>
      </Td>
    </>
  );
}

/** DA Score (0–100) and Relevance (%) cells of a prospect row. */
export function ProspectScoreCells({ prospect: p }: { prospect: Prospect }) {
  return (
    <>
      <Td className="text-right tabular-nums">{p.daScore ?? '—'}</Td>
      <Td className="text-right tabular-nums">{p.relevanceScore === null ? '—' : `${p.relevanceScore}%`}</Td>
    </>
  );
}

/** The Last Contacted cell: the date, or 'Never' (spec §2). */
export function LastContactedCell({ prospect: p }: { prospect: Prospect }) {
  return <Td className="whitespace-nowrap">{p.lastContacted ? formatDate(p.lastContacted) : 'Never'}</Td>;
}
