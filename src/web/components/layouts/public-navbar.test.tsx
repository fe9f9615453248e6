// @vitest-environment jsdom
import '../../test/setup-dom';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { limits } from '../../../shared/limits';
import { paths } from '../../../shared/paths';
import { PublicNavbar } from './public-navbar';

// No router: the navbar is an island of the server-rendered pages, its links are plain anchors.
function renderNavbar() {
  render(<PublicNavbar />);
}

describe('PublicNavbar', () => {
  it('opens the mobile menu and closes it when a link inside is followed', async () => {
    renderNavbar();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    const menu = screen.getByRole('navigation', { name: 'Mobile' });

    expect(within(menu).getByRole('link', { name: 'Blog' })).toHaveAttribute('href', paths.blog);
    // A section of the landing page: jsdom follows hash links (and no others) within the document.
    await userEvent.click(within(menu).getByRole('link', { name: 'Pricing' }));
    expect(window.location.hash).toBe('#pricing');
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
