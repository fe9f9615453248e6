import { Check } from 'lucide-react';
import { useState } from 'react';
import { paths } from '#shared/paths';
import {
  annualTotal,
  displayedMonthlyPrice,
  formatUsd,
  plans,
  type BillingPeriod,
  type Plan,
} from '#shared/plans';
import { Button } from '#web/components/ui/button';
import { cn } from '#web/lib/cn';
import { landingSectionIds } from '#web/lib/landing-sections';
import { SectionHeading } from './section-heading';

const periods: { value: BillingPeriod; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'annual', label: 'Annual' },
];

function PlanPrice({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const monthly = displayedMonthlyPrice(plan.monthlyPrice, period);
  return (
    <div className="mt-6">
      <p className="flex items-baseline gap-1">
        {plan.enterprise && <span className="text-sm text-slate-600 dark:text-slate-400">from</span>}
        <span
          className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white"
          data-testid="plan-price"
        >
          {formatUsd(monthly)}
        </span>
        <span className="text-sm text-slate-600 dark:text-slate-400">/month</span>
      </p>
      <p className="mt-1 h-5 text-sm text-slate-600 dark:text-slate-400" data-testid="plan-billing">
        {period === 'annual'
          ? `${formatUsd(annualTotal(plan.monthlyPrice))} billed yearly`
          : plan.enterprise
            ? 'Annual commitment'
            : 'Billed monthly'}
      </p>
    </div>
  );
}

function PlanCard({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  return (
    <li
      aria-labelledby={`plan-${plan.id}`}
      data-testid={`plan-${plan.id}`}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm dark:bg-slate-900',
        plan.highlighted
          ? 'border-indigo-500 ring-2 ring-indigo-500 dark:border-indigo-400 dark:ring-indigo-400'
          : 'border-slate-200 dark:border-slate-800',
      )}
    >
      {plan.highlighted && (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-indigo-600 px-3 py-1 text-xs font-semibold tracking-wide text-white">
          MOST POPULAR
        </p>
      )}
      <h3 id={`plan-${plan.id}`} className="text-lg font-semibold text-slate-900 dark:text-white">
        {plan.name}
      </h3>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{plan.description}</p>
      <PlanPrice plan={plan} period={period} />
      <ul className="mt-6 flex-1 space-y-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2 text-slate-700 dark:text-slate-300">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-indigo-600 dark:text-indigo-400" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col gap-2">
        {plan.enterprise ? (
          <>
            <Button asChild>
              <a href={`${paths.contact}?subject=${encodeURIComponent('Enterprise plan')}`}>Contact Sales</a>
            </Button>
            <Button asChild variant="outline">
              <a href={`${paths.contact}?subject=${encodeURIComponent('Schedule a demo')}`}>Schedule Demo</a>
            </Button>
          </>
        ) : (
          <Button asChild variant={plan.highlighted ? 'default' : 'outline'}>
            <a href={paths.signup}>Start 7-day free trial</a>
          </Button>
        )}
      </div>
    </li>
  );
}

/** Landing section #pricing: the plans (docs/product.md#plans), monthly by default, with an annual (20% off) toggle. */
export function PricingSection() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  return (
    <section id={landingSectionIds.pricing} aria-labelledby="pricing-title" className="py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Plans that grow with your link building">
          Every plan starts with a 7-day free trial. No credit card required.
        </SectionHeading>
        <div className="mt-10 flex justify-center">
          <div
            role="group"
            aria-label="Billing period"
            className="inline-flex rounded-full border border-slate-200 bg-slate-100 p-1 dark:border-slate-800 dark:bg-slate-900"
          >
            {periods.map((p) => (
              <button
                key={p.value}
                type="button"
                aria-pressed={period === p.value}
                onClick={() => setPeriod(p.value)}
                className={cn(
                  'cursor-pointer rounded-full px-5 py-2 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
                  period === p.value
                    ? 'bg-white text-slate-900 shadow-sm dark:bg-indigo-600 dark:text-white'
                    : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
                )}
              >
                {p.label}
                {p.value === 'annual' && (
                  <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-300">
                    Save 20%
                  </span>
                )}
              </button>
            ))}
          </div>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} period={period} />
          ))}
        </ul>
      </div>
    </section>
  );
}
