import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '#web/lib/cn';

type CheckboxProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: ReactNode;
  /** A second line under the label, linked with aria-describedby. */
  hint?: ReactNode;
};

/** A native checkbox with its label (and optional hint), styled for both themes. */
export function Checkbox({ label, hint, className, id, ...props }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={cn('flex items-start gap-2.5', className)}>
      <input
        id={inputId}
        type="checkbox"
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-not-allowed dark:border-slate-600"
        {...props}
      />
      <div className="min-w-0 text-sm">
        <label htmlFor={inputId} className="cursor-pointer break-words text-slate-800 dark:text-slate-200">
          {label}
        </label>
        {hint && (
          <p id={`${inputId}-hint`} className="text-slate-500 dark:text-slate-400">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
