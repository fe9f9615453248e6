// @vitest-environment jsdom
import '#web/test/setup-dom';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PricingSection } from './pricing-section';

function renderPricing() {
  render(<PricingSection />);
}
const price = (plan: string) =>
  within(screen.getByTestId(`plan-${plan}`)).getByTestId('plan-price').textContent;
const billing = (plan: string) =>
  within(screen.getByTestId(`plan-${plan}`)).getByTestId('plan-billing').textContent;

describe('PricingSection', () => {
  it('shows monthly prices by default and annual prices (20% off) after the toggle', async () => {
    renderPricing();
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    expect(['starter', 'standard', 'professional', 'enterprise'].map(price)).toEqual([
      '$99',
      '$249',
      '$449',
      '$1,499',
    ]);

    await userEvent.click(screen.getByRole('button', { name: /Annual/ }));
    expect(['starter', 'standard', 'professional', 'enterprise'].map(price)).toEqual([
      '$79',
      '$199',
      '$359',
      '$1,199',
    ]);
    expect(billing('starter')).toBe('$950 billed yearly');
    expect(billing('enterprise')).toBe('$14,390 billed yearly');
  });

  it('marks Standard as most popular and gives Enterprise its two sales actions', () => {
    renderPricing();
    expect(within(screen.getByTestId('plan-standard')).getByText('MOST POPULAR')).toBeInTheDocument();
    const enterprise = within(screen.getByTestId('plan-enterprise'));
    expect(enterprise.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute(
      'href',
      '/contact?subject=Enterprise%20plan',
    );
    expect(enterprise.getByRole('link', { name: 'Schedule Demo' })).toBeInTheDocument();
    expect(enterprise.getByText('from')).toBeInTheDocument();
  });
});
