import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { refusalMessage } from '../lib/form-errors';
import { ConfirmDialog } from './ui/confirm-dialog';

interface ConfirmMutationDialogProps<T extends { id: string }> {
  /** The row the action is for; null keeps the dialog closed. */
  target: T | null;
  onClose: () => void;
  title: string;
  description: ReactNode | ((target: T) => ReactNode);
  confirmLabel: string;
  /** The destructive mutation, called with the target's id. */
  mutation: UseMutationResult<unknown, Error, string>;
  /** The success toast. */
  done: string | ((target: T) => string);
  /** The failure toast when the server gives no reason of its own (docs/product.md#errors). */
  failed: string;
  onDone?: (target: T) => void;
}

/**
 * Confirms a destructive action on one row (delete, revoke, remove), runs it, toasts the outcome
 * (the server's reason when it refuses) and closes once it has succeeded.
 */
export function ConfirmMutationDialog<T extends { id: string }>({
  target,
  onClose,
  title,
  description,
  confirmLabel,
  mutation,
  done,
  failed,
  onDone,
}: ConfirmMutationDialogProps<T>) {
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={typeof description === 'function' ? target && description(target) : description}
      confirmLabel={confirmLabel}
      destructive
      pending={mutation.isPending}
      onConfirm={() => {
        if (!target) return;
        mutation.mutate(target.id, {
          onSuccess: () => {
            toast.success(typeof done === 'function' ? done(target) : done);
            onClose();
            onDone?.(target);
          },
          onError: (caught) => toast.error(refusalMessage(caught, failed)),
        });
      }}
    />
  );
}
