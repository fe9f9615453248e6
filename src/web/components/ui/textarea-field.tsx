import { useId, type ComponentProps } from 'react';
import { cn } from '#web/lib/cn';
import { Label } from './label';

type TextareaFieldProps = ComponentProps<'textarea'> & {
  label: string;
  /** Shown under the textarea and linked to it with aria-describedby. */
  error?: string;
  /** A hint under the label, linked with aria-describedby. */
  hint?: string;
};

/** A labelled multi-line input with an optional hint and its validation message, styled like Input. */
export function TextareaField({ label, error, hint, id, className, rows = 5, ...props }: TextareaFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const describedBy = [hint && `${inputId}-hint`, error && `${inputId}-error`].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <Label htmlFor={inputId}>{label}</Label>
      {hint && (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      <textarea
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(
          'mt-1.5 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm transition-colors outline-none placeholder:text-slate-400 focus-visible:border-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-500/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500',
        )}
        {...props}
      />
      {error && (
        <p id={`${inputId}-error`} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
