import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  createCustomFieldSchema,
  customFieldMessages as m,
  customFieldTypeLabels,
  customFieldTypes,
  updateCustomFieldSchema,
  type CustomField,
  type CustomFieldType,
} from '#shared/schemas/custom-fields';
import { Alert } from '#web/components/ui/alert';
import { Dialog, DialogContent, DialogFormFooter } from '#web/components/ui/dialog';
import { Label } from '#web/components/ui/label';
import { Select } from '#web/components/ui/select';
import { TextareaField } from '#web/components/ui/textarea-field';
import { TextField } from '#web/components/ui/text-field';
import { ApiError } from '#web/lib/api-error';
import { refusalMessage } from '#web/lib/form-errors';
import { useCreateCustomField, useUpdateCustomField } from '../api/custom-field-mutations';

type Errors = Partial<Record<'key' | 'label' | 'options', string>>;

const typeOptions = customFieldTypes.map((value) => ({ value, label: customFieldTypeLabels[value] }));

/** The options textarea's lines, trimmed, blank lines left out. */
const optionLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The first message of each form field among zod's or the server's issues. */
function errorsOf(issues: readonly { path: string; message: string }[]): Errors {
  const errors: Errors = {};
  for (const { path, message } of issues) {
    const name = path.split('.')[0] as keyof Errors;
    if (['key', 'label', 'options'].includes(name)) errors[name] ??= message;
  }
  return errors;
}

/**
 * Add or edit a custom field (docs/product.md#custom-fields): key (snake_case, fixed once added),
 * label, type (fixed once added) and, for a choice, its options one per line. Checked with the
 * server's schemas before sending; the server's refusals land on their fields.
 */
export function CustomFieldDialog({
  field,
  open,
  onOpenChange,
}: {
  /** The field to edit; absent: a new one. */
  field?: CustomField;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateCustomField();
  const update = useUpdateCustomField();
  const [key, setKey] = useState(field?.key ?? '');
  const [label, setLabel] = useState(field?.label ?? '');
  const [type, setType] = useState<CustomFieldType>(field?.type ?? 'text');
  const [options, setOptions] = useState(field?.options.join('\n') ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const parsed = field
      ? updateCustomFieldSchema.safeParse({
          label,
          ...(field.type === 'choice' ? { options: optionLines(options) } : {}),
        })
      : createCustomFieldSchema.safeParse({
          key,
          label,
          type,
          options: type === 'choice' ? optionLines(options) : [],
        });
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))));
      return;
    }
    setErrors({});
    const saving = field
      ? update.mutateAsync({ id: field.id, ...(parsed.data as object) })
      : create.mutateAsync(parsed.data as Parameters<typeof create.mutateAsync>[0]);
    saving.then(
      () => {
        toast.success(m.saved);
        onOpenChange(false);
      },
      (caught: unknown) => {
        const fieldErrors = caught instanceof ApiError ? errorsOf(caught.issues) : {};
        if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
        else setRefusal(refusalMessage(caught, m.saveFailed));
      },
    );
  };

  const choice = (field?.type ?? type) === 'choice';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={field ? `Edit ${field.label}` : 'Add custom field'}>
        <form onSubmit={submit} noValidate className="space-y-4">
          {refusal && <Alert variant="destructive">{refusal}</Alert>}
          <TextField
            label="Label"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            error={errors.label}
            placeholder="Site topic"
          />
          <TextField
            label="Key"
            value={key}
            onChange={(e) => setKey(e.target.value)}
            error={errors.key}
            disabled={Boolean(field)}
            placeholder="site_topic"
            hint={
              field
                ? 'The key stays: sequences and imports use it.'
                : 'Used in sequences as {{custom.key}}; cannot be changed later.'
            }
          />
          <div>
            <Label htmlFor="custom-field-type">Type</Label>
            <Select
              id="custom-field-type"
              className="mt-1.5"
              value={field?.type ?? type}
              onValueChange={(value) => setType(value as CustomFieldType)}
              options={typeOptions}
              disabled={Boolean(field)}
            />
          </div>
          {choice && (
            <TextareaField
              label="Options"
              hint="One per line"
              rows={4}
              value={options}
              onChange={(e) => setOptions(e.target.value)}
              error={errors.options}
            />
          )}
          <DialogFormFooter
            onCancel={() => onOpenChange(false)}
            submitLabel={field ? 'Save' : 'Add field'}
            pending={pending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
