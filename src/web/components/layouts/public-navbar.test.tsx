// @vitest-environment jsdom
import '#web/test/setup-dom';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { limits } from '#shared/limits';
import { paths } from '#shared/paths';
import { PublicNavbar } from './public-navbar';

// No router: the navbar is an island of the server-rendered pages, its links are plain anchors.
function renderNavbar() {
  render(<PublicNavbar />);
}

describe('PublicNavbar', () => {
  it('opens the mobile menu and closes it when a link inside is followed', async () => {
    renderNavbar();
    const toggle = screen.getByLabelText('Menu');
    const menu = screen.getByRole('navigation', { name: 'Mobile', hidden: true });
    const header = screen.getByRole('banner');
    expect(menu).not.toBeVisible();

    await userEvent.click(toggle);
    expect(menu).toBeVisible();
    // The header turns opaque under the open menu.
    await waitFor(() => expect(header).toHaveClass('bg-white/95'));

    expect(within(menu).getByRole('link', { name: 'Blog' })).toHaveAttribute('href', paths.blog);
    // A section of the landing page: jsdom follows hash links (and no others) within the document.
    await userEvent.click(within(menu).getByRole('link', { name: 'Pricing' }));
    expect(window.location.hash).toBe('#pricing');
    expect(menu).not.toBeVisible();
    await waitFor(() => expect(header).not.toHaveClass('bg-white/95'));
  });

  it('closes the mobile menu with its button and with Escape', async () => {
    renderNavbar();
    const menu = screen.getByRole('navigation', { name: 'Mobile', hidden: true });
    await userEvent.click(screen.getByLabelText('Menu'));
    await userEvent.click(screen.getByLabelText('Menu'));
    expect(menu).not.toBeVisible();
    await userEvent.click(screen.getByLabelText('Menu'));
    await userEvent.keyboard('{Escape}');
    expect(menu).not.toBeVisible();
  });

  it('offers Log in and Sign up free to a visitor, and only the dashboard to a signed-in user', () => {
    const { unmount } = render(<PublicNavbar />);
    expect(screen.getAllByRole('link', { name: 'Log in', hidden: true })).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'Sign up free', hidden: true })).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Go to dashboard', hidden: true })).toBeNull();
    unmount();

    render(<PublicNavbar signedIn />);
    const dashboard = screen.getAllByRole('link', { name: 'Go to dashboard', hidden: true });
    // One in the bar, one in the phone menu.
    expect(dashboard).toHaveLength(2);
    for (const link of dashboard) expect(link).toHaveAttribute('href', paths.dashboard);
    expect(screen.queryByRole('link', { name: /Log in|Sign up/, hidden: true })).toBeNull();
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
