import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmMutationDialog } from './confirm-mutation-dialog';

interface DeleteDialogProps<T extends { id: string }> {
  /** What is about to be deleted; null keeps the dialog closed. */
  target: T | null;
  onClose: () => void;
  title: string;
  description: (target: T) => ReactNode;
  confirmLabel?: string;
  /** The delete mutation, called with the target's id. */
  remove: UseMutationResult<unknown, Error, string>;
  /** Toast texts after success and failure (docs/product.md#errors). */
  done: string;
  failed: string;
  onDeleted?: () => void;
}

/** Confirms a delete, runs it, toasts the outcome and closes (docs/product.md#screens: the delete confirmations). */
export function DeleteDialog<T extends { id: string }>({
  confirmLabel = 'Delete',
  remove,
  onDeleted,
  ...props
}: DeleteDialogProps<T>) {
  return (
    <ConfirmMutationDialog {...props} confirmLabel={confirmLabel} mutation={remove} onDone={onDeleted} />
  );
}
