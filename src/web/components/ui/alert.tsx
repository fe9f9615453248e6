import { cva, type VariantProps } from 'class-variance-authority';
import { CircleAlert, Info } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn';

const alertVariants = cva('flex items-start gap-3 rounded-lg border px-4 py-3 text-sm', {
  variants: {
    variant: {
      info: 'border-indigo-200 bg-indigo-50 text-indigo-900 dark:border-indigo-900 dark:bg-indigo-950/50 dark:text-indigo-100',
      destructive:
        'border-red-200 bg-red-50 text-red-800 dark:border-red-900/70 dark:bg-red-950/40 dark:text-red-200',
    },
  },
  defaultVariants: { variant: 'info' },
});

type AlertProps = ComponentProps<'div'> & VariantProps<typeof alertVariants>;

/** A message box announced to screen readers (role="alert"), with an icon matching its variant. */
export function Alert({ className, variant, children, ...props }: AlertProps) {
  const Icon = variant === 'destructive' ? CircleAlert : Info;
  return (
    <div role="alert" className={cn(alertVariants({ variant }), className)} {...props}>
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

/**
 * What failed, and beneath it the reason when the server gave one that says more; nothing while
 * `reason` is null.
 */
export function FailureAlert({ title, reason }: { title: string; reason: string | null }) {
  if (!reason) return null;
  return (
    <Alert variant="destructive">
      <p className="font-medium">{title}</p>
      {reason !== title && <p className="mt-1">{reason}</p>}
    </Alert>
  );
}
