import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#web/lib/cn';
import { Button } from './button';

/** A modal dialog (Radix Dialog): focus-trapped, closes on Escape, overlay click and its close button. */
export const Dialog = DialogPrimitive.Root;

type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  title: ReactNode;
  description?: ReactNode;
};

/** The centred panel of a Dialog with its title, optional description and a close button. */
export function DialogContent({ title, description, className, children, ...props }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-950/60 backdrop-blur-sm data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl outline-none data-[state=open]:animate-fade-in dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100',
          className,
        )}
        {...props}
      >
        <DialogPrimitive.Title className="pr-8 text-lg font-semibold">{title}</DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {description}
          </DialogPrimitive.Description>
        ) : (
          <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
        )}
        <div className="mt-5">{children}</div>
        <DialogPrimitive.Close
          aria-label="Close"
          className="absolute top-4 right-4 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <X aria-hidden className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The row of actions at the bottom of a dialog: stacked on phones, right-aligned from sm. */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

interface DialogFormFooterProps {
  /** Closes the dialog (or steps back). */
  onCancel: () => void;
  /** 'Cancel' unless the dialog steps back instead ('Back'). */
  cancelLabel?: string;
  /** Keeps Cancel from being pressed, e.g. while a save it could not stop is running. */
  cancelDisabled?: boolean;
  submitLabel: ReactNode;
  /** The submit button spins and cannot be pressed again while the form is being sent. */
  pending: boolean;
  submitDisabled?: boolean;
}

/** A form dialog's footer: an outline Cancel button and the form's submit button. */
export function DialogFormFooter({
  onCancel,
  cancelLabel = 'Cancel',
  cancelDisabled,
  submitLabel,
  pending,
  submitDisabled,
}: DialogFormFooterProps) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" disabled={cancelDisabled} onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={pending} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
