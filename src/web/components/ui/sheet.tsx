import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn';

/** A slide-in panel (Radix Dialog): focus-trapped, closes on Escape, overlay click and its close button. */
export const Sheet = DialogPrimitive.Root;

type SheetContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** Names the panel for assistive technology; it is not shown. */
  title: string;
  /** The edge it slides in from: left (navigation, default) or right (details of a row). */
  side?: 'left' | 'right';
  /** The close button's accessible name. */
  closeLabel?: string;
};

const sides = {
  left: 'left-0 w-72 max-w-[85vw] data-[state=open]:animate-slide-in-left',
  right: 'right-0 w-full max-w-xl data-[state=open]:animate-slide-in-right',
};

/** The panel of a Sheet, sliding in from one side over a dimmed overlay. */
export function SheetContent({
  title,
  side = 'left',
  closeLabel = 'Close menu',
  className,
  children,
  ...props
}: SheetContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-950/60 backdrop-blur-sm data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        // The panel is navigation, not a described dialog; this silences Radix's missing-description warning.
        aria-describedby={undefined}
        className={cn(
          'fixed inset-y-0 z-50 flex flex-col bg-white shadow-xl outline-none dark:bg-slate-900',
          sides[side],
          className,
        )}
        {...props}
      >
        <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
        {children}
        <DialogPrimitive.Close
          aria-label={closeLabel}
          className="absolute top-3 right-3 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <X aria-hidden className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The element that opens its Sheet; Radix returns focus to it when the panel closes. */
export const SheetTrigger = DialogPrimitive.Trigger;
