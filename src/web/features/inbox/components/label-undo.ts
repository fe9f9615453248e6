import { toast } from 'sonner';
import type { LabelThreadResult } from '#shared/schemas/inbox';
import type { ProspectStatus } from '#shared/schemas/prospects';
import type { LabelThreadVariables } from '../api/thread-queries';

const statusName = (status: ProspectStatus) => status[0]!.toUpperCase() + status.slice(1);

/**
 * What labelling did, in words: "Labelled Interested · status → Responded". The status part is left
 * out when the prospect's status stayed as it was, so the toast never claims a change that did not happen.
 */
export function labelToastText(labelName: string | null, result: LabelThreadResult): string {
  const what = labelName === null ? 'Label removed' : `Labelled ${labelName}`;
  return result.status === result.previousStatus ? what : `${what} · status → ${statusName(result.status)}`;
}

/** The request that undoes a labelling: the previous label back, and the prospect's status as it was. */
export function undoLabelInput(result: LabelThreadResult): LabelThreadVariables {
  return { labelId: result.previousLabelId, restoreStatus: result.previousStatus };
}

/**
 * Toasts what labelling did with an Undo action (docs/product.md#inbox): a label may move the
 * prospect to Success or Failed, which a mis-click must be able to take back at once.
 */
export function announceLabel(
  labelName: string | null,
  result: LabelThreadResult,
  undo: (input: LabelThreadVariables) => Promise<unknown>,
): void {
  toast.success(labelToastText(labelName, result), {
    action: {
      label: 'Undo',
      onClick: () => {
        undo(undoLabelInput(result)).then(
          () => toast.success('Label change undone'),
          () => toast.error('Failed to undo the label change'),
        );
      },
    },
  });
}
