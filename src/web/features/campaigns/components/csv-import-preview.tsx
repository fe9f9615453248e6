import { useState } from 'react';
import type { CsvRowError } from '#shared/csv/prospects-csv';
import { Button } from '#web/components/ui/button';

/** Skipped rows listed at a time; "Show more" adds as many again. */
const ROWS_SHOWN = 100;

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The submit label of a checked file: plain when every row is good, else what will be skipped. */
export function importButtonLabel(valid: number, skipped: number): string {
  return skipped === 0 || valid === 0
    ? 'Create Campaign'
    : `Import the ${count(valid, 'valid row', 'valid rows')} and skip ${skipped.toLocaleString('en-US')}`;
}

/**
 * What a checked CSV file will import: how many prospects are ready, and every row that will be
 * skipped with its number in the file and the reason, a hundred at a time in a scrolling list.
 */
export function CsvImportPreview({ valid, skipped }: { valid: number; skipped: readonly CsvRowError[] }) {
  const [shown, setShown] = useState(ROWS_SHOWN);
  return (
    <div className="mt-1.5 space-y-1.5 text-sm">
      {valid > 0 && (
        <p className="text-emerald-700 dark:text-emerald-400">
          {count(valid, 'prospect', 'prospects')} ready to import
        </p>
      )}
      {valid === 0 && skipped.length > 0 && (
        <p className="text-red-600 dark:text-red-400">No row of this file can be imported.</p>
      )}
      {skipped.length > 0 && (
        <>
          <p className="text-red-600 dark:text-red-400">
            {count(skipped.length, 'row', 'rows')} will be skipped:
          </p>
          <ul
            aria-label="Skipped rows"
            className="max-h-40 overflow-y-auto rounded-lg border border-red-200 px-3 py-2 text-red-700 dark:border-red-900/70 dark:text-red-300"
          >
            {skipped.slice(0, shown).map((error) => (
              <li key={error.row}>
                Row {error.row}: {error.message}
              </li>
            ))}
          </ul>
          {skipped.length > shown && (
            <Button type="button" variant="outline" size="sm" onClick={() => setShown(shown + ROWS_SHOWN)}>
              Show {Math.min(ROWS_SHOWN, skipped.length - shown)} more of {skipped.length - shown}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

/** The import's progress bar: prospects sent so far out of the file's valid rows. */
export function CsvImportProgress({ done, total }: { done: number; total: number }) {
  const percent = Math.round((done / total) * 100);
  return (
    <div className="space-y-1 text-sm" aria-live="polite">
      <div
        role="progressbar"
        aria-label="Prospect import"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className="h-full rounded-full bg-indigo-600 transition-[width] duration-300 dark:bg-indigo-400"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-slate-600 tabular-nums dark:text-slate-400">
        Imported {done.toLocaleString('en-US')} of {count(total, 'prospect', 'prospects')}
      </p>
    </div>
  );
}
