import { ReportsPage } from '#web/features/reports/components/reports-page';

/** Route module (lazy chunk) of the reports screen. */
export function Component() {
  return <ReportsPage />;
}
