import { describe, expect, it } from 'vitest';
import { annualTotal, displayedMonthlyPrice, formatUsd, plans } from './plans';

describe('plans', () => {
  it('lists the four plans in order, with Standard highlighted and Enterprise flagged', () => {
    expect(plans.map((p) => [p.name, p.monthlyPrice, p.highlighted, p.enterprise])).toEqual([
      ['Starter', 99, false, false],
      ['Standard', 249, true, false],
      ['Professional', 449, false, false],
      ['Enterprise', 1499, false, true],
    ]);
  });

  // Expected figures worked out by hand from round(price × 12 × 0.8 / 12) and round(price × 12 × 0.8).
  it.each([
    ['starter', 99, 79, 950],
    ['standard', 249, 199, 2390],
    ['professional', 449, 359, 4310],
    ['enterprise', 1499, 1199, 14390],
  ])('%s: $%i a month is $%i a month billed annually, $%i a year', (id, monthly, annualMonthly, yearly) => {
    const plan = plans.find((p) => p.id === id)!;
    expect(displayedMonthlyPrice(plan.monthlyPrice, 'monthly')).toBe(monthly);
    expect(displayedMonthlyPrice(plan.monthlyPrice, 'annual')).toBe(annualMonthly);
    expect(annualTotal(plan.monthlyPrice)).toBe(yearly);
  });

  it('rounds half-dollar results to the nearest dollar', () => {
    // 0.625 × 12 × 0.8 / 12 = 0.5 rounds up; 0.05 × 12 × 0.8 = 0.48 rounds down.
    expect(displayedMonthlyPrice(0.625, 'annual')).toBe(1);
    expect(annualTotal(0.05)).toBe(0);
  });

  it('formats dollars with thousands separators', () => {
    expect(formatUsd(14390)).toBe('$14,390');
    expect(formatUsd(99)).toBe('$99');
  });
});
