import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';

/** Shares tooltip timing among the tooltips below it; every Tooltip needs one above it. */
export const TooltipProvider = TooltipPrimitive.Provider;

interface TooltipProps {
  content: ReactNode;
  side?: TooltipPrimitive.TooltipContentProps['side'];
  /** When true the child renders alone (e.g. its label is already visible). */
  disabled?: boolean;
  /** A single focusable element. */
  children: ReactNode;
}

/** Shows `content` next to its child on hover and keyboard focus. */
export function Tooltip({ content, side = 'right', disabled = false, children }: TooltipProps) {
  if (disabled) return children;
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={8}
          className="z-50 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-md dark:bg-slate-100 dark:text-slate-900"
        >
          {content}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
