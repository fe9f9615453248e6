import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import type { SortOrder } from '#shared/schemas/pagination';
import { cn } from '#web/lib/cn';

/**
 * A data table: on a desktop its cells wrap to fit the card; below 48rem (phones) it keeps that width
 * and scrolls sideways inside its card instead of squeezing columns unreadably.
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    // relative: keeps sr-only (absolute) header labels inside the scroll box instead of widening the page.
    <div className="relative w-full overflow-x-auto">
      <table className={cn('w-full min-w-[48rem] text-left text-sm', className)} {...props} />
    </div>
  );
}

/** Header cell. */
export function Th({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'border-b border-slate-200 px-3 py-3 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:border-slate-800 dark:text-slate-400',
        className,
      )}
      {...props}
    />
  );
}

/** Body cell. */
export function Td({ className, ...props }: ComponentProps<'td'>) {
  return (
    <td
      className={cn('border-b border-slate-100 px-3 py-2.5 align-middle dark:border-slate-800/70', className)}
      {...props}
    />
  );
}

/** The header cell over a row's action buttons: blank on screen, named for assistive technology. */
export function ActionsHeader({ label = 'Actions' }: { label?: string }) {
  return (
    <Th>
      <span className="sr-only">{label}</span>
    </Th>
  );
}

interface SortHeaderProps {
  label: string;
  /** This column's sort direction when it is the sorted column, otherwise null. */
  order: SortOrder | null;
  onSort: () => void;
  className?: string;
  /** Shown after the sort button, e.g. a help tip. */
  children?: ReactNode;
}

/** A header cell that sorts its column; aria-sort tells assistive technology the direction. */
export function SortHeader({ label, order, onSort, className, children }: SortHeaderProps) {
  const Icon = order === 'asc' ? ArrowUp : order === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <Th
      aria-sort={order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none'}
      className={className}
    >
      {/* The help tip stays beside the button when a long label wraps. */}
      <span className="inline-flex items-center gap-1">
        <button
          type="button"
          onClick={onSort}
          className="inline-flex cursor-pointer items-center gap-1 uppercase hover:text-slate-900 dark:hover:text-white"
        >
          {label}
          <Icon aria-hidden className="size-3.5" />
        </button>
        {children}
      </span>
    </Th>
  );
}
