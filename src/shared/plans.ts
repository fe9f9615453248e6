import { formatThousands } from './format-number';

/**
 * The pricing plans of the marketing site (docs/product.md#plans): one table that the landing page,
 * its tests and any later billing code read. Prices are whole US dollars per month.
 */
export interface Plan {
  id: 'starter' | 'standard' | 'professional' | 'enterprise';
  name: string;
  /** Monthly list price in USD; for Enterprise the starting price ("from"). */
  monthlyPrice: number;
  description: string;
  features: readonly string[];
  /** Shown with the 'MOST POPULAR' badge. */
  highlighted: boolean;
  /** Enterprise: "from" pricing, annual commitment, Contact Sales and Schedule Demo instead of a trial. */
  enterprise: boolean;
}

export type BillingPeriod = 'monthly' | 'annual';

/** Annual billing takes 20% off (docs/product.md#plans). */
export const ANNUAL_DISCOUNT = 0.2;

export const plans: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    monthlyPrice: 99,
    description: 'For freelancers and small sites starting systematic link building.',
    features: [
      'Up to 250 prospecting opportunities',
      '1,000 emails per month',
      'AI-assisted and manual campaigns',
      'Email sequences with follow-ups',
      'Live link tracking',
    ],
    highlighted: false,
    enterprise: false,
  },
  {
    id: 'standard',
    name: 'Standard',
    monthlyPrice: 249,
    description: 'For growing teams running several outreach campaigns at once.',
    features: [
      '1,000 prospecting opportunities',
      '5,000 emails per month',
      'Up to 5 users',
      'Backlink monitoring',
      'Guest post generator',
    ],
    highlighted: true,
    enterprise: false,
  },
  {
    id: 'professional',
    name: 'Professional',
    monthlyPrice: 449,
    description: 'For agencies that build links for many clients.',
    features: [
      'Unlimited prospecting opportunities',
      'Unlimited emails',
      'Unlimited users',
      'API access',
      'Competitor analysis',
    ],
    highlighted: false,
    enterprise: false,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPrice: 1499,
    description: 'For large organisations with custom needs, billed on an annual commitment.',
    features: [
      'Everything in Professional',
      'Dedicated account manager',
      'Custom integrations',
      'Role-based permissions and activity logs',
      'Priority support',
    ],
    highlighted: false,
    enterprise: true,
  },
];

/** The monthly price shown for a period: the list price, or round(price × 12 × 0.8 / 12) when billed annually. */
export function displayedMonthlyPrice(monthlyPrice: number, period: BillingPeriod): number {
  if (period === 'monthly') return monthlyPrice;
  return Math.round((monthlyPrice * 12 * (1 - ANNUAL_DISCOUNT)) / 12);
}

/** What a year costs when billed annually: round(price × 12 × 0.8), in USD. */
export function annualTotal(monthlyPrice: number): number {
  return Math.round(monthlyPrice * 12 * (1 - ANNUAL_DISCOUNT));
}

/** "$1,499" style: US dollars, thousands separated, no cents. */
export function formatUsd(amount: number): string {
  return `$${formatThousands(amount)}`;
}
