import { useState } from 'react';
import { toast } from 'sonner';
import {
  sequenceMessages as m,
  type Sequence,
  type SequenceInput,
  type SequenceTemplate,
} from '#shared/schemas/sequences';
import { Dialog, DialogContent } from '#web/components/ui/dialog';
import { useSaveSequence } from '#web/data/sequence-queries';
import { blankStep, toEditorValues } from '../sequence-values';
import { SequenceEditor } from './sequence-editor';
import { TemplateChooser } from './template-chooser';
import { refusalMessage } from '#web/lib/form-errors';
import { useCustomFields } from '#web/data/custom-field-queries';

interface SequenceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The sequence to edit; null creates a new one, starting at the template chooser. */
  sequence: Sequence | null;
}

/**
 * The sequence create/edit modal (docs/product.md#email-accounts-and-sequences, docs/product.md#roles): new sequences start with the template chooser, then the
 * editor; an existing sequence opens in the editor directly. Saving toasts and closes.
 */
export function SequenceDialog({ open, onOpenChange, sequence }: SequenceDialogProps) {
  const [draft, setDraft] = useState<{ key: string; values: SequenceInput } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSequence();
  // The workspace's custom fields join the editor's placeholder list (docs/decisions/044-custom-fields.md).
  const customPlaceholders = (useCustomFields().data ?? []).map((f) => `{{custom.${f.key}}}`);
  const editing = sequence
    ? { key: sequence.id, values: toEditorValues(sequence.name, sequence.steps) }
    : draft;

  const finish = () => {
    onOpenChange(false);
    setDraft(null);
    setError(null);
  };
  // A save in flight keeps the modal open, so its outcome is not lost.
  const close = (next: boolean) => !next && !save.isPending && finish();

  const choose = (template: SequenceTemplate | null) =>
    setDraft(
      template
        ? { key: template.id, values: toEditorValues(template.name, template.steps) }
        : { key: 'scratch', values: { name: '', steps: [blankStep()] } },
    );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        className="max-w-2xl"
        title={sequence ? 'Edit Sequence' : 'New Sequence'}
        description={
          editing
            ? 'Write up to 3 emails; each follow-up goes out after the wait you set if there is no reply.'
            : 'Start from a proven template or from scratch.'
        }
      >
        {editing ? (
          <SequenceEditor
            key={editing.key}
            initial={editing.values}
            pending={save.isPending}
            error={error}
            winners={sequence?.steps.flatMap((s) =>
              s.winnerVariantId ? [{ variantId: s.winnerVariantId, chosenAt: s.winnerChosenAt }] : [],
            )}
            customPlaceholders={customPlaceholders}
            onCancel={() => close(false)}
            onBack={sequence ? undefined : () => setDraft(null)}
            onSubmit={async (input) => {
              setError(null);
              try {
                await save.mutateAsync({ id: sequence?.id, input });
              } catch (caught) {
                setError(refusalMessage(caught, m.saveFailed));
                throw caught;
              }
              toast.success(m.saved);
              finish();
            }}
          />
        ) : (
          <TemplateChooser onChoose={choose} />
        )}
      </DialogContent>
    </Dialog>
  );
}
