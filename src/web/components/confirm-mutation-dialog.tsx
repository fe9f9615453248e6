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
  description: ReactNode;
  confirmLabel: string;
  /** The destructive mutation, called with the target's id. */
  mutation: UseMutationResult<unknown, Error, string>;
  /** The success toast. */
  done: (target: T) => string;
  /** The failure toast when the server gives no reason of its own. */
  failed: string;
  onDone?: (target: T) => void;
}

/**
 * Confirms a destructive action on one row (revoke, remove), runs it, toasts the outcome (the
 * server's reason on a refusal) and closes once it has succeeded.
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
      description={description}
      confirmLabel={confirmLabel}
      destructive
      pending={mutation.isPending}
      onConfirm={() => {
        if (!target) return;
        mutation.mutate(target.id, {
          onSuccess: () => {
            toast.success(done(target));
            onClose();
            onDone?.(target);
          },
          onError: (caught) => toast.error(refusalMessage(caught, failed)),
        });
      }}
    />
  );
}
