// @vitest-environment jsdom
import '../../test/setup-dom';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { limits } from '../../../shared/limits';
import { paths } from '../../../shared/paths';
import { PublicNavbar } from './public-navbar';

function renderNavbar() {
  const router = createMemoryRouter([{ path: '*', element: <PublicNavbar /> }], {
    initialEntries: [paths.home],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('PublicNavbar', () => {
  it('opens the mobile menu and closes it when a link inside is followed', async () => {
    const router = renderNavbar();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    const menu = screen.getByRole('navigation', { name: 'Mobile' });

    await userEvent.click(within(menu).getByRole('link', { name: 'Blog' }));
    expect(router.state.location.pathname).toBe(paths.blog);
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the mobile menu with its button', async () => {
    renderNavbar();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });

  it('turns opaque only after scrolling past the threshold', () => {
    renderNavbar();
    const header = screen.getByRole('banner');
    const scrollTo = (y: number) =>
      act(() => {
        window.scrollY = y;
        fireEvent.scroll(window);
      });

    expect(header).toHaveAttribute('data-scrolled', 'false');
    scrollTo(limits.navScrollThresholdPx);
    expect(header).toHaveAttribute('data-scrolled', 'false');
    scrollTo(limits.navScrollThresholdPx + 1);
    expect(header).toHaveAttribute('data-scrolled', 'true');
    scrollTo(0);
  });
});
