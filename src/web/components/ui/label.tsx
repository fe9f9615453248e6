import * as LabelPrimitive from '@radix-ui/react-label';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn';

/** A form label (Radix Label: clicking it focuses its control). */
export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      className={cn('text-sm font-medium text-slate-800 dark:text-slate-200', className)}
      {...props}
    />
  );
}
