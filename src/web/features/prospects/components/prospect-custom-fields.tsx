import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { checkCustomValue, customValueText } from '#shared/custom-field-values';
import { customFieldMessages as m, type CustomField } from '#shared/schemas/custom-fields';
import type { Prospect } from '#shared/schemas/prospects';
import { Button } from '#web/components/ui/button';
import { Label } from '#web/components/ui/label';
import { Select } from '#web/components/ui/select';
import { Skeleton } from '#web/components/ui/skeleton';
import { TextField } from '#web/components/ui/text-field';
import { useCustomFields } from '#web/data/custom-field-queries';
import { useSetProspectCustomValues } from '#web/data/prospect-mutations';
import { ApiError } from '#web/lib/api-error';
import { refusalMessage } from '#web/lib/form-errors';

/** The input type of each field type (a date picker, a number keypad, a URL keyboard). */
const inputType = { text: 'text', number: 'number', url: 'url', date: 'date' } as const;
/** The choice select's "no value" entry (Radix Select has no empty value). */
const NONE = '__none__';

/**
 * The prospect's custom field values (docs/product.md#custom-fields), each edited with an input of
 * its type and saved together; values are checked as the server checks them, and the server's
 * refusals land on their fields. Nothing shows while the workspace has no custom fields.
 */
export function ProspectCustomFields({ prospect }: { prospect: Prospect }) {
  const fields = useCustomFields();
  if (fields.isPending) return <Skeleton className="h-24 w-full" />;
  if (fields.isError) return <p className="text-sm text-red-700 dark:text-red-400">{m.loadFailed}</p>;
  if (fields.data.length === 0) return null;
  return <ValuesForm key={prospect.id} prospect={prospect} fields={fields.data} />;
}

function ValuesForm({ prospect, fields }: { prospect: Prospect; fields: CustomField[] }) {
  const save = useSetProspectCustomValues();
  const initial = Object.fromEntries(
    fields.map((f) => [f.key, customValueText(prospect.customFields[f.key])]),
  );
  const [draft, setDraft] = useState<Record<string, string>>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changed = fields.filter((f) => draft[f.key] !== initial[f.key]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const f of changed) {
      const checked = checkCustomValue(f, draft[f.key]);
      if (!checked.ok) found[f.key] = checked.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const values = Object.fromEntries(
      changed.map((f) => [f.key, draft[f.key]?.trim() ? draft[f.key]! : null]),
    );
    save.mutate(
      { id: prospect.id, values },
      {
        onSuccess: () => toast.success(m.valuesSaved),
        onError: (caught) => {
          const issues = caught instanceof ApiError ? caught.issues : [];
          if (issues.length > 0)
            setErrors(Object.fromEntries(issues.map((i) => [i.path.replace(/^values\./, ''), i.message])));
          else toast.error(refusalMessage(caught, m.valuesFailed));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Custom fields" className="space-y-3">
      <h3 className="text-sm font-semibold">Custom fields</h3>
      {fields.map((f) => {
        const set = (value: string) => setDraft((d) => ({ ...d, [f.key]: value }));
        if (f.type === 'choice') {
          const id = `custom-${f.key}`;
          return (
            <div key={f.key}>
              <Label htmlFor={id}>{f.label}</Label>
              <Select
                id={id}
                className="mt-1.5"
                value={draft[f.key] || NONE}
                onValueChange={(value) => set(value === NONE ? '' : value)}
                options={[
                  { value: NONE, label: 'No value' },
                  ...f.options.map((o) => ({ value: o, label: o })),
                ]}
                invalid={Boolean(errors[f.key])}
              />
              {errors[f.key] && (
                <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{errors[f.key]}</p>
              )}
            </div>
          );
        }
        return (
          <TextField
            key={f.key}
            label={f.label}
            type={inputType[f.type]}
            value={draft[f.key] ?? ''}
            onChange={(e) => set(e.target.value)}
            error={errors[f.key]}
          />
        );
      })}
      <Button type="submit" size="sm" loading={save.isPending} disabled={changed.length === 0}>
        Save fields
      </Button>
    </form>
  );
}
