// @vitest-environment jsdom
import '#web/test/setup-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FaqSection } from './faq-section';

const questions = () => screen.getAllByRole('button');
const openOnes = () => questions().filter((b) => b.getAttribute('aria-expanded') === 'true');

describe('FaqSection', () => {
  it('opens the first item initially, one at a time, and closes the open item on click', async () => {
    render(<FaqSection />);
    expect(openOnes()).toEqual([questions()[0]]);
    expect(screen.getByText(/No credit card is required/)).toBeVisible();

    await userEvent.click(questions()[1]!);
    expect(openOnes()).toEqual([questions()[1]]);
    expect(screen.queryByText(/No credit card is required/)).not.toBeVisible();

    await userEvent.click(questions()[1]!);
    expect(openOnes()).toEqual([]);
  });

  it('keeps the FAQ’s own figures and works from the keyboard', async () => {
    render(<FaqSection />);
    questions()[1]!.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: /emails can I send/ })).toHaveTextContent(
      'Starter includes 500 emails per month, Professional 2,000 and Enterprise 10,000',
    );
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('region', { name: /websites/ })).toHaveTextContent(
      'Starter covers up to 3 websites, Professional up to 10, and Enterprise an unlimited number',
    );
  });
});
