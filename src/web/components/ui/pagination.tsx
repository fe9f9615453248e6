import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageCount } from '#shared/schemas/pagination';
import { Button } from './button';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** What the rows are, e.g. 'contacts'. */
  noun: string;
  /** `total` is a lower bound ("1,000+"): Next stays on while the current page is full. */
  totalIsCapped?: boolean;
  /** Rows on the current page (needed with totalIsCapped). */
  pageRows?: number;
}

/** "1–25 of 1,234 contacts" with Previous / Next; hidden when everything fits on one page. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  noun,
  totalIsCapped = false,
  pageRows = 0,
}: PaginationProps) {
  const pages = pageCount(total, pageSize);
  if (total <= pageSize && page === 1 && !totalIsCapped) return null;
  const hasNext = totalIsCapped ? pageRows === pageSize : page < pages;
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = totalIsCapped ? from + pageRows - 1 : Math.min(total, page * pageSize);
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm"
    >
      <p className="text-slate-600 dark:text-slate-400">
        {from.toLocaleString()}–{to.toLocaleString()} of {total.toLocaleString()}
        {totalIsCapped ? '+' : ''} {noun}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden className="size-4" /> Previous
        </Button>
        <span className="text-slate-600 dark:text-slate-400">
          Page {page}
          {totalIsCapped ? '' : ` of ${pages}`}
        </span>
        <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPageChange(page + 1)}>
          Next <ChevronRight aria-hidden className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
