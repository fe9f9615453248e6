import { Plus, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from './ui/button';
import { Input } from './ui/input';
import { Label } from './ui/label';

export interface UrlListInputsProps {
  value: string[];
  onChange: (value: string[]) => void;
  /** The fieldset's legend. */
  legend: ReactNode;
  /** Names one row for screen readers: '{itemLabel} {n}', 'Remove {itemLabel} {n}'. */
  itemLabel: string;
  addLabel: string;
  placeholder: string;
  max: number;
  /** Message per row (index) and for the list as a whole. */
  rowErrors: (string | undefined)[];
  listError?: string | undefined;
  /** 'url' makes the rows url inputs (docs/product.md#validation internal links); default: text, which takes bare hosts. */
  type?: 'url' | 'text';
}

/**
 * A list of URL rows (docs/product.md#validation competitors and internal links): starts with one empty row, a remove
 * control only while more than one row exists, an add button until `max` rows.
 */
export function UrlListInputs({
  value,
  onChange,
  legend,
  itemLabel,
  addLabel,
  placeholder,
  max,
  rowErrors,
  listError,
  type = 'text',
}: UrlListInputsProps) {
  const id = useId();
  const rows = value.length === 0 ? [''] : value;
  const set = (index: number, text: string) => onChange(rows.map((row, i) => (i === index ? text : row)));
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      <div className="mt-1.5 space-y-2">
        {rows.map((row, index) => (
          <div key={index}>
            <div className="flex gap-2">
              <Label htmlFor={`${id}-${index}`} className="sr-only">
                {itemLabel} {index + 1}
              </Label>
              <Input
                id={`${id}-${index}`}
                type={type}
                inputMode="url"
                value={row}
                placeholder={placeholder}
                aria-invalid={rowErrors[index] ? true : undefined}
                onChange={(event) => set(index, event.target.value)}
              />
              {rows.length > 1 && (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${itemLabel.toLowerCase()} ${index + 1}`}
                  onClick={() => onChange(rows.filter((_, i) => i !== index))}
                >
                  <X aria-hidden className="size-4" />
                </Button>
              )}
            </div>
            {rowErrors[index] && (
              <p className="mt-1 text-sm text-red-600 dark:text-red-400">{rowErrors[index]}</p>
            )}
          </div>
        ))}
      </div>
      {listError && <p className="mt-1 text-sm text-red-600 dark:text-red-400">{listError}</p>}
      {rows.length < max && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="mt-2"
          onClick={() => onChange([...rows, ''])}
        >
          <Plus aria-hidden className="size-4" /> {addLabel}
        </Button>
      )}
    </fieldset>
  );
}
