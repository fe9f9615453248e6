import { useId, type ComponentProps } from 'react';
import { Input } from './input';
import { Label } from './label';

type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  /** Shown under the input and linked to it with aria-describedby. */
  error?: string;
  /** A hint under the label, linked with aria-describedby (as TextareaField's). */
  hint?: string;
};

/** A labelled input with an optional hint and its validation message underneath. */
export function TextField({ label, error, hint, id, className, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <Label htmlFor={inputId}>{label}</Label>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="mt-1.5"
        {...inputProps}
      />
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
