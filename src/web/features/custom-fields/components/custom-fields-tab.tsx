import { ArrowDown, ArrowUp, Pencil, Plus, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Me } from '#shared/schemas/auth';
import { workspaceMessages } from '#shared/roles';
import {
  customFieldMessages as m,
  customFieldTypeLabels,
  type CustomField,
} from '#shared/schemas/custom-fields';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { DeleteButton } from '#web/components/ui/delete-button';
import { EmptyState, ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { ActionsHeader, Table, Td, Th } from '#web/components/ui/table';
import { useCustomFields } from '#web/data/custom-field-queries';
import { refusalMessage } from '#web/lib/form-errors';
import { useDeleteCustomField, useUpdateCustomField } from '../api/custom-field-mutations';
import { CustomFieldDialog } from './custom-field-dialog';

/**
 * Settings → Custom fields (docs/product.md#custom-fields): the workspace's prospect fields in their
 * order, each with its placeholder `{{custom.key}}`, type and options. Full Access members add, edit
 * (label, options), move and delete them (after a confirmation: the values go too); others read.
 */
export function CustomFieldsTab({ user }: { user: Me }) {
  const fields = useCustomFields();
  const update = useUpdateCustomField();
  const remove = useDeleteCustomField();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<CustomField | null>(null);
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  const manages = user.workspace.role === 'full';

  const move = (field: CustomField, position: number) =>
    update
      .mutateAsync({ id: field.id, position })
      .catch((caught: unknown) => toast.error(refusalMessage(caught, m.saveFailed)));
  const confirmDelete = () =>
    deleting &&
    remove.mutateAsync(deleting.id).then(
      () => {
        toast.success(m.deleted);
        setDeleting(null);
      },
      (caught: unknown) => toast.error(refusalMessage(caught, m.deleteFailed)),
    );

  const addButton = manages && (
    <Button onClick={() => setAdding(true)}>
      <Plus aria-hidden className="size-4" />
      Add custom field
    </Button>
  );
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-4 px-4 pt-5 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div>
          <h2 className="text-lg font-semibold">Custom fields</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Fields of your own on every prospect of {user.workspace.name}: filled by CSV imports or by hand,
            filtered in lists and written into emails as {'{{custom.key|fallback}}'}.
            {!manages && ` ${workspaceMessages.fullAccessOnly}`}
          </p>
        </div>
        {fields.data && fields.data.length > 0 && addButton}
      </div>
      {fields.isPending ? (
        <TableSkeleton rows={3} />
      ) : fields.isError ? (
        <ErrorState message={m.loadFailed} onRetry={() => fields.refetch()} />
      ) : fields.data.length === 0 ? (
        <EmptyState icon={SlidersHorizontal} title="No custom fields yet" action={addButton || undefined}>
          Add a field such as a site topic or monthly visits to personalise emails beyond names and websites.
        </EmptyState>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <Table aria-label="Custom fields">
            <thead>
              <tr>
                <Th>Label</Th>
                <Th>Placeholder</Th>
                <Th>Type</Th>
                <Th>Options</Th>
                {manages && <ActionsHeader />}
              </tr>
            </thead>
            <tbody>
              {fields.data.map((field, index) => (
                <tr key={field.id}>
                  <Td className="font-medium">{field.label}</Td>
                  <Td>
                    <code className="text-xs">{`{{custom.${field.key}}}`}</code>
                  </Td>
                  <Td>{customFieldTypeLabels[field.type]}</Td>
                  <Td className="text-sm text-slate-600 dark:text-slate-400">{field.options.join(', ')}</Td>
                  {manages && (
                    <Td className="text-right whitespace-nowrap">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Move ${field.label} up`}
                        disabled={index === 0 || update.isPending}
                        onClick={() => move(field, index - 1)}
                      >
                        <ArrowUp aria-hidden className="size-4" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Move ${field.label} down`}
                        disabled={index === fields.data.length - 1 || update.isPending}
                        onClick={() => move(field, index + 1)}
                      >
                        <ArrowDown aria-hidden className="size-4" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Edit ${field.label}`}
                        onClick={() => setEditing(field)}
                      >
                        <Pencil aria-hidden className="size-4" />
                      </Button>
                      <DeleteButton label={`Delete ${field.label}`} onClick={() => setDeleting(field)} />
                    </Td>
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      {adding && <CustomFieldDialog open onOpenChange={setAdding} />}
      {editing && (
        <CustomFieldDialog key={editing.id} field={editing} open onOpenChange={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.label ?? ''}?`}
        description="Its value is removed from every prospect, and sequences using it can no longer be saved until the placeholder is removed."
        confirmLabel="Delete field"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
