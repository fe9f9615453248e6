import type { ReactNode } from 'react';
import { Card } from '#web/components/ui/card';
import { HelpTip } from '#web/components/ui/help-tip';
import { cn } from '#web/lib/cn';

/**
 * One stat card of the campaign detail page: its label (with `help`, the figure's definition, in a
 * tooltip beside it), the figure, and optional detail under it.
 */
export function StatCard({
  label,
  help,
  value,
  children,
  className,
}: {
  label: string;
  help?: string;
  value: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('p-4', className)}>
      <p className="text-sm font-medium text-slate-600 dark:text-slate-400">
        {label}
        {help && <HelpTip label={`How ${label} is counted`}>{help}</HelpTip>}
      </p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
      {children && <div className="mt-2 text-xs text-slate-600 dark:text-slate-400">{children}</div>}
    </Card>
  );
}
