import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, type UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { webhookEventLabels, webhookEventTypes, type WebhookEventType } from '#shared/schemas/webhook-events';
import { webhookDescriptionField, webhookEventsField, webhookUrlField } from '#shared/schemas/webhooks';
import { Alert } from '#web/components/ui/alert';
import { Checkbox } from '#web/components/ui/checkbox';
import { DialogFormFooter } from '#web/components/ui/dialog';
import { TextField } from '#web/components/ui/text-field';
import { useSingleFlight } from '#web/lib/use-single-flight';

/** The endpoint form: the API's own rules for URL, description and events (shared/schemas/webhooks.ts). */
const formSchema = z.object({
  url: webhookUrlField,
  description: webhookDescriptionField,
  events: webhookEventsField,
});
export type EndpointFormValues = z.output<typeof formSchema>;
type FormInput = z.input<typeof formSchema>;

/** What a submit may answer: a message for the whole form, after placing field issues itself. */
export type EndpointSubmit = (
  values: EndpointFormValues,
  setError: UseFormSetError<FormInput>,
) => Promise<string | null>;

/**
 * The fields of the Add endpoint and Edit dialogs: URL, description and the events, with a
 * "Select all" box. `onSubmit` sends the values; it answers a message to show above the buttons
 * (or null), having put the server's field issues under their fields.
 */
export function EndpointForm({
  defaultValues,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  defaultValues: FormInput;
  submitLabel: string;
  onSubmit: EndpointSubmit;
  onCancel: () => void;
}) {
  const form = useForm<FormInput, unknown, EndpointFormValues>({
    resolver: zodResolver(formSchema),
    defaultValues,
  });
  const [error, setError] = useState<string | null>(null);
  const errors = form.formState.errors;
  const submit = useSingleFlight(
    form.handleSubmit(async (values) => {
      setError(null);
      setError(await onSubmit(values, form.setError));
    }),
  );
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label="URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/webhooks/linkpilot"
        autoComplete="off"
        error={errors.url?.message}
        {...form.register('url')}
      />
      <TextField
        label="Description"
        placeholder="What receives it (optional)"
        autoComplete="off"
        error={errors.description?.message}
        {...form.register('description')}
      />
      <Controller
        control={form.control}
        name="events"
        render={({ field }) => <EventChoices value={field.value} onChange={field.onChange} />}
      />
      {errors.events && (
        <p className="-mt-2 text-sm text-red-600 dark:text-red-400">{errors.events.message}</p>
      )}
      {error && <Alert variant="destructive">{error}</Alert>}
      <DialogFormFooter onCancel={onCancel} submitLabel={submitLabel} pending={form.formState.isSubmitting} />
    </form>
  );
}

/** The event checkboxes, in the API's order, with "Select all" above them. */
function EventChoices({
  value,
  onChange,
}: {
  value: readonly WebhookEventType[];
  onChange: (events: WebhookEventType[]) => void;
}) {
  const all = value.length === webhookEventTypes.length;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">Events</legend>
      <Checkbox
        className="mt-2 border-b border-slate-200 pb-2 dark:border-slate-800"
        label="Select all"
        checked={all}
        onChange={(event) => onChange(event.target.checked ? [...webhookEventTypes] : [])}
      />
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {webhookEventTypes.map((type) => (
          <Checkbox
            key={type}
            label={webhookEventLabels[type]}
            hint={<code className="font-mono text-xs">{type}</code>}
            checked={value.includes(type)}
            onChange={(event) =>
              onChange(
                webhookEventTypes.filter((t) => (t === type ? event.target.checked : value.includes(t))),
              )
            }
          />
        ))}
      </div>
    </fieldset>
  );
}
