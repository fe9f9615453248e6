import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';

interface PaginationProps {
  page: number;
  pageCount: number;
  /** The URL of a page number. */
  hrefOf: (page: number) => string;
}

/** Previous / next links and "Page x of y"; real links, so search engines follow them too. Hidden for one page. */
export function Pagination({ page, pageCount, hrefOf }: PaginationProps) {
  if (pageCount <= 1) return null;
  const linkOrDisabled = (target: number, label: string, icon: 'prev' | 'next') => {
    const content = (
      <>
        {icon === 'prev' && <ChevronLeft aria-hidden className="size-4" />}
        {label}
        {icon === 'next' && <ChevronRight aria-hidden className="size-4" />}
      </>
    );
    const enabled = target >= 1 && target <= pageCount;
    return enabled ? (
      <Button asChild variant="outline">
        <Link to={hrefOf(target)} rel={icon}>
          {content}
        </Link>
      </Button>
    ) : (
      <Button variant="outline" disabled>
        {content}
      </Button>
    );
  };
  return (
    <nav aria-label="Pagination" className="mt-12 flex items-center justify-between gap-4">
      {linkOrDisabled(page - 1, 'Previous', 'prev')}
      <p className="text-sm text-slate-600 dark:text-slate-400" aria-current="page">
        {`Page ${page} of ${pageCount}`}
      </p>
      {linkOrDisabled(page + 1, 'Next', 'next')}
    </nav>
  );
}
