// @vitest-environment jsdom
import '../test/setup-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '#shared/limits';
import { ThemeToggle } from './theme-toggle';

describe('ThemeToggle', () => {
  it('flips the dark class on <html> and persists the choice', async () => {
    render(<ThemeToggle />);
    const root = document.documentElement;
    // Dark is the default: the first click offers, and applies, light.
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(root).not.toHaveClass('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');

    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(root).toHaveClass('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('keeps every toggle on the page in step', async () => {
    render(
      <>
        <ThemeToggle />
        <ThemeToggle />
      </>,
    );
    const [first] = screen.getAllByTestId('theme-toggle');
    const initial = first?.getAttribute('aria-label');
    await userEvent.click(first!);
    const labels = screen.getAllByTestId('theme-toggle').map((button) => button.getAttribute('aria-label'));
    expect(labels).toEqual([labels[0], labels[0]]);
    expect(labels[0]).not.toBe(initial);
  });
});
