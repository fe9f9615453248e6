import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { limits } from '../../../../shared/limits';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

interface CompetitorInputsProps {
  value: string[];
  onChange: (value: string[]) => void;
  /** Message per row (index) and for the list as a whole. */
  rowErrors: (string | undefined)[];
  listError?: string;
}

/** Up to 5 optional competitor URL rows for the campaign forms (spec §5); empty rows are dropped on submit. */
export function CompetitorInputs({ value, onChange, rowErrors, listError }: CompetitorInputsProps) {
  const id = useId();
  const rows = value.length === 0 ? [''] : value;
  const set = (index: number, text: string) => onChange(rows.map((row, i) => (i === index ? text : row)));
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
        Competitor websites{' '}
        <span className="font-normal text-slate-500">(optional, up to {limits.maxCompetitors})</span>
      </legend>
      <div className="mt-1.5 space-y-2">
        {rows.map((row, index) => (
          <div key={index}>
            <div className="flex gap-2">
              <Label htmlFor={`${id}-${index}`} className="sr-only">
                Competitor {index + 1}
              </Label>
              <Input
                id={`${id}-${index}`}
                value={row}
                placeholder="competitor.com"
                aria-invalid={rowErrors[index] ? true : undefined}
                onChange={(event) => set(index, event.target.value)}
              />
              {rows.length > 1 && (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove competitor ${index + 1}`}
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
      {rows.length < limits.maxCompetitors && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="mt-2"
          onClick={() => onChange([...rows, ''])}
        >
          <Plus aria-hidden className="size-4" /> Add competitor
        </Button>
      )}
    </fieldset>
  );
}
