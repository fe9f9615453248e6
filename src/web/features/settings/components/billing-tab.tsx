import { CreditCard } from 'lucide-react';
import { Badge } from '#web/components/ui/badge';
import { Card, CardContent } from '#web/components/ui/card';
import { Table, Td, Th } from '#web/components/ui/table';

/** Sample invoices of the static Billing tab (docs/product.md#settings: three paid $249.00 invoices). */
const invoices = [
  { id: 'INV-003', date: 'November 1, 2026' },
  { id: 'INV-002', date: 'October 1, 2026' },
  { id: 'INV-001', date: 'September 1, 2026' },
];

/** Billing tab: static sample content only (docs/product.md#settings). */
export function BillingTab() {
  return (
    <div className="max-w-3xl space-y-6">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Sample billing information: payments are not connected yet.
      </p>
      <Card>
        <CardContent className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <p className="text-sm font-medium text-slate-600 dark:text-slate-400">Current plan</p>
            <h2 className="mt-1 text-xl font-bold">Professional Plan</h2>
            <ul className="mt-3 space-y-1 text-sm text-slate-700 dark:text-slate-300">
              <li>Up to 10 team members</li>
              <li>5,000 emails per month</li>
            </ul>
          </div>
          <p className="text-3xl font-bold">
            $249<span className="text-base font-normal text-slate-500">/month</span>
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="flex items-center gap-3">
          <CreditCard aria-hidden className="size-5 text-slate-500" />
          <span className="text-sm">Visa ending in 4242 · expires 12/2028</span>
        </CardContent>
      </Card>
      <Card className="overflow-hidden">
        <h2 className="px-6 pt-5 pb-3 text-lg font-semibold">Billing history</h2>
        <Table>
          <thead>
            <tr>
              <Th>Invoice</Th>
              <Th>Date</Th>
              <Th className="text-right">Amount</Th>
              <Th>Status</Th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((i) => (
              <tr key={i.id}>
                <Td className="font-medium">{i.id}</Td>
                <Td>{i.date}</Td>
                <Td className="text-right tabular-nums">$249.00</Td>
                <Td>
                  <Badge tone="success">Paid</Badge>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card>
    </div>
  );
}
