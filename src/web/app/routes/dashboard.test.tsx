// @vitest-environment jsdom
import '#web/test/setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiPaths, paths } from '#shared/paths';
import { apiError, json, mockApi, sentTo, signedOut, testUser } from '#web/test/mock-api';
import { renderApp } from '#web/test/render-app';
import { SIDEBAR_COLLAPSED_KEY } from '#web/components/layouts/use-sidebar-collapsed';

describe('dashboard guard and sidebar', () => {
  it('shows a spinner while the session check runs', async () => {
    mockApi({ [`GET ${apiPaths.me}`]: () => new Promise<Response>(() => {}) });
    renderApp(paths.contacts);
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('sends a visitor without a session to /login', async () => {
    mockApi({ [`GET ${apiPaths.me}`]: signedOut });
    const { router } = renderApp(paths.contacts);
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.login);
  });

  it('treats a failing session check as signed out, logging the failure', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ [`GET ${apiPaths.me}`]: () => apiError(500, 'INTERNAL', 'boom') });
    renderApp(paths.dashboard);
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Session check failed', expect.anything());
  });

  it('shows the page and the user in the sidebar, with their workspace as Organization', async () => {
    const workspace = { id: 'w1', name: 'Personal', role: 'full' as const };
    mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, { ...testUser, workspace, workspaces: [workspace] }),
    });
    renderApp(paths.contacts);
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    const sidebar = screen.getByTestId('sidebar');
    expect(within(sidebar).getByText(testUser.fullName)).toBeInTheDocument();
    expect(within(sidebar).getByText(testUser.email)).toBeInTheDocument();
    expect(within(sidebar).getByText(/Organization:/)).toHaveTextContent('Organization: Personal');
    expect(within(sidebar).getByRole('link', { name: 'Contacts' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByRole('link', { name: 'Campaigns' })).not.toHaveAttribute('aria-current');
  });

  it('offers the other workspaces in the sidebar and switches on the server', async () => {
    const own = { id: 'w1', name: 'Analytical Engines', role: 'full' as const };
    const agency = { id: 'w2', name: 'Agency', role: 'member' as const };
    const switched: unknown[] = [];
    mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, { ...testUser, workspace: own, workspaces: [agency, own] }),
      [`PUT ${apiPaths.activeWorkspace}`]: (body) => {
        switched.push(body);
        return json(200, { ...testUser, role: 'member', workspace: agency, workspaces: [agency, own] });
      },
    });
    renderApp(paths.contacts);
    const sidebar = await screen.findByTestId('sidebar');
    const select = within(sidebar).getByRole('combobox', { name: 'Organization' });
    expect(select).toHaveValue('w1');
    await userEvent.selectOptions(select, 'w2');
    await waitFor(() => expect(switched).toEqual([{ workspaceId: 'w2' }]));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('sidebar')).getByRole('combobox', { name: 'Organization' }),
      ).toHaveValue('w2'),
    );
  });

  it('highlights Campaigns on a campaign detail page', async () => {
    mockApi({ [`GET ${apiPaths.me}`]: () => json(200, testUser) });
    renderApp(paths.campaign('c-1'));
    // The mock API knows no campaign c-1: the detail page shows its not-found state.
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByText('Campaign not found')).toBeInTheDocument();
    const campaigns = within(screen.getByTestId('sidebar')).getByRole('link', { name: 'Campaigns' });
    const contacts = within(screen.getByTestId('sidebar')).getByRole('link', { name: 'Contacts' });
    expect(campaigns.className).not.toBe(contacts.className);
  });

  it('collapses the desktop sidebar to icons', async () => {
    mockApi({ [`GET ${apiPaths.me}`]: () => json(200, testUser) });
    renderApp(paths.dashboard);
    const sidebar = await screen.findByTestId('sidebar');
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Collapse sidebar' }));
    expect(sidebar).toHaveClass('w-16');
    // The tooltip trigger must not swallow the link's own classes (Radix Slot merges strings only).
    expect(within(sidebar).getByRole('link', { name: 'Campaigns' })).toHaveClass(
      'justify-center',
      'bg-indigo-50',
    );
    // Labels stay available to assistive technology when only icons show.
    expect(within(sidebar).getByRole('link', { name: 'Contacts' })).toBeInTheDocument();
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Expand sidebar' }));
    expect(sidebar).toHaveClass('w-64');
  });

  it('keeps the sidebar collapsed across reloads', async () => {
    mockApi({ [`GET ${apiPaths.me}`]: () => json(200, testUser) });
    const first = renderApp(paths.dashboard);
    const sidebar = await screen.findByTestId('sidebar');
    expect(sidebar).toHaveClass('w-64');
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Collapse sidebar' }));
    first.unmount();

    renderApp(paths.contacts);
    const reloaded = await screen.findByTestId('sidebar');
    expect(reloaded).toHaveClass('w-16');
    await userEvent.click(within(reloaded).getByRole('button', { name: 'Expand sidebar' }));
    expect(window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('0');
  });

  it('opens the mobile panel and closes it when a link is followed', async () => {
    mockApi({ [`GET ${apiPaths.me}`]: () => json(200, testUser) });
    const { router } = renderApp(paths.dashboard);
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const panel = await screen.findByTestId('mobile-sidebar');
    await userEvent.click(within(panel).getByRole('link', { name: 'Live Links' }));
    // Navigation commits once the lazy route module has loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.liveLinks));
    expect(screen.queryByTestId('mobile-sidebar')).not.toBeInTheDocument();
  });

  it('signs out: posts {} and lands on /login, even when the server call fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = mockApi({
      [`GET ${apiPaths.me}`]: () => json(200, testUser),
      [`POST ${apiPaths.signOut}`]: () => apiError(500, 'INTERNAL', 'boom'),
    });
    const { router } = renderApp(paths.dashboard);
    const sidebar = await screen.findByTestId('sidebar');
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.login);
    expect(sentTo(api, 'POST', apiPaths.signOut)).toEqual([{}]);
    expect(log).toHaveBeenCalledWith('Sign-out failed', expect.anything());
  });
});
