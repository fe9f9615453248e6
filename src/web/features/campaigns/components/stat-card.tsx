import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

/** One stat card of the campaign detail page: its label, the figure, and optional detail under it. */
export function StatCard({
  label,
  value,
  children,
}: {
  label: ReactNode;
  value: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card className="p-5">
      <p className="flex items-center gap-1.5 text-sm font-medium text-slate-600 dark:text-slate-400">
        {label}
      </p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
      {children && <div className="mt-2 text-xs text-slate-600 dark:text-slate-400">{children}</div>}
    </Card>
  );
}
