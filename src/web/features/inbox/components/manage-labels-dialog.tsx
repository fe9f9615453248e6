import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  inboxLabelInputSchema,
  inboxLabelOutcomes,
  inboxMessages,
  INBOX_LABEL_MAX,
  type InboxLabel,
} from '#shared/schemas/inbox';
import { DeleteDialog } from '#web/components/delete-dialog';
import { Button } from '#web/components/ui/button';
import { DeleteButton } from '#web/components/ui/delete-button';
import { Dialog, DialogContent } from '#web/components/ui/dialog';
import { Label } from '#web/components/ui/label';
import { ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { Select } from '#web/components/ui/select';
import { TextField } from '#web/components/ui/text-field';
import { applyServerIssues, refusalMessage } from '#web/lib/form-errors';
import { useSingleFlight } from '#web/lib/use-single-flight';
import {
  useCreateInboxLabel,
  useDeleteInboxLabel,
  useInboxLabels,
  useUpdateInboxLabel,
} from '../api/inbox-queries';

type Outcome = (typeof inboxLabelOutcomes)[number];
type Input = z.input<typeof inboxLabelInputSchema>;
type Output = z.output<typeof inboxLabelInputSchema>;

/** What the dialog says besides the shared inbox messages. */
export const labelDialogMessages = {
  loadFailed: 'Failed to load the labels',
  saveFailed: 'Failed to save the label',
  deleted: 'Label deleted',
  deleteFailed: 'Failed to delete the label',
} as const;

/** The status a label sets, as the dialog names it; '—' for none. */
export const outcomeLabels: Record<Outcome, string> = {
  responded: 'Responded',
  success: 'Success',
  failed: 'Failed',
};
const NONE = 'none';
const outcomeOptions = [
  { value: NONE, label: '—' },
  ...inboxLabelOutcomes.map((o) => ({ value: o, label: outcomeLabels[o] })),
];
const empty: Input = { name: '', outcome: null };

/**
 * Inbox → Manage labels (docs/product.md#inbox): every label with the prospect status it sets
 * ("Sets status: Responded / Success / Failed / —"), renamed or given another status in place,
 * deleted after a confirmation, and a form to add one. Names are checked with the API's own schema;
 * a name in use already is refused by the server and said under the name field.
 */
export function ManageLabelsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const labels = useInboxLabels({ enabled: open });
  const remove = useDeleteInboxLabel();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<InboxLabel | null>(null);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setEditing(null);
  };
  return (
    <>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent
          title="Manage labels"
          description="Labels sort your conversations. A label with a status also sets the prospect's status when you apply it."
        >
          {labels.isPending ? (
            <TableSkeleton rows={3} />
          ) : labels.isError ? (
            <ErrorState message={labelDialogMessages.loadFailed} onRetry={() => void labels.refetch()} />
          ) : labels.data.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              No labels yet: add the first one below.
            </p>
          ) : (
            <ul
              aria-label="Labels"
              className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
            >
              {labels.data.map((label) => (
                <li key={label.id} className="px-3 py-2.5">
                  {editing === label.id ? (
                    <LabelForm label={label} onDone={() => setEditing(null)} />
                  ) : (
                    <div className="flex items-center gap-2">
                      <div className="min-w-0 flex-1">
                        <p className="truncate text-sm font-medium text-slate-900 dark:text-white">
                          {label.name}
                        </p>
                        <p className="text-xs text-slate-600 dark:text-slate-400">
                          Sets status: {label.outcome ? outcomeLabels[label.outcome] : '—'}
                          {label.category && ' · also applied by the AI'}
                        </p>
                      </div>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={`Edit ${label.name}`}
                        onClick={() => setEditing(label.id)}
                      >
                        <Pencil aria-hidden className="size-4" />
                      </Button>
                      <DeleteButton label={`Delete ${label.name}`} onClick={() => setDeleting(label)} />
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
          <div className="mt-6 border-t border-slate-200 pt-5 dark:border-slate-800">
            <h3 className="text-sm font-semibold">Add a label</h3>
            <div className="mt-3">
              <LabelForm />
            </div>
          </div>
        </DialogContent>
      </Dialog>
      <DeleteDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title="Delete label"
        description={(label) => (
          <>
            Delete the label <strong>{label.name}</strong>? It is taken off every conversation that has it.
          </>
        )}
        remove={remove}
        done={labelDialogMessages.deleted}
        failed={labelDialogMessages.deleteFailed}
      />
    </>
  );
}

/**
 * The name and status of a label: a new one (then the form empties for the next) or `label`,
 * edited in place (`onDone` when saved or cancelled).
 */
function LabelForm({ label, onDone }: { label?: InboxLabel; onDone?: () => void }) {
  const create = useCreateInboxLabel();
  const update = useUpdateInboxLabel();
  const outcomeId = useId();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(inboxLabelInputSchema),
    defaultValues: label ? { name: label.name, outcome: label.outcome } : empty,
  });
  const errors = form.formState.errors;

  const onSubmit = useSingleFlight(
    form.handleSubmit(async (values) => {
      const saved = label ? update.mutateAsync({ id: label.id, ...values }) : create.mutateAsync(values);
      await saved.then(
        () => {
          toast.success(inboxMessages.labelSaved);
          if (label) onDone?.();
          else form.reset(empty);
        },
        (caught: unknown) => {
          if (!applyServerIssues(caught, ['name', 'outcome'], form.setError))
            toast.error(refusalMessage(caught, labelDialogMessages.saveFailed));
        },
      );
    }),
  );

  return (
    <form
      noValidate
      aria-label={label ? `Edit ${label.name}` : 'Add a label'}
      onSubmit={onSubmit}
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem]"
    >
      <TextField
        label="Name"
        autoComplete="off"
        maxLength={INBOX_LABEL_MAX}
        placeholder={label ? undefined : 'e.g. Wants a guest post'}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <div>
        <Label htmlFor={outcomeId}>Sets status</Label>
        <Controller
          control={form.control}
          name="outcome"
          render={({ field }) => (
            <Select
              id={outcomeId}
              className="mt-1.5"
              value={field.value ?? NONE}
              onValueChange={(v) => field.onChange(v === NONE ? null : (v as Outcome))}
              options={outcomeOptions}
            />
          )}
        />
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" size="sm" loading={label ? update.isPending : create.isPending}>
          {label ? 'Save' : 'Add label'}
        </Button>
        {label && (
          <Button type="button" variant="outline" size="sm" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
