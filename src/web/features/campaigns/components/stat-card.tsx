import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

/** One stat card of the campaign detail page: its label, the figure, and optional detail under it. */
export function StatCard({
  label,
  value,
  children,
  className,
}: {
  label: ReactNode;
  value: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('p-4', className)}>
      <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
      {children && <div className="mt-2 text-xs text-slate-600 dark:text-slate-400">{children}</div>}
    </Card>
  );
}
