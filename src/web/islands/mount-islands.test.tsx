// @vitest-environment jsdom
import '../test/setup-dom';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicDataSource } from '#shared/public-data';
import { render } from '../entry-server';
import { Island } from './island';
import { islandLoaders } from './island-loaders';
import type { IslandLoader } from './island-loaders';
import { mountIslands } from './mount-islands';

function Counter({ start }: { start: number }) {
  const [count, setCount] = useState(start);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      Count {count}
    </button>
  );
}

const counterLoaders: Record<string, IslandLoader> = { 'public-navbar': async () => Counter };

let roots: Root[] = [];
afterEach(() => {
  act(() => roots.forEach((root) => root.unmount()));
  roots = [];
  document.body.innerHTML = '';
});

/** Puts server markup into the document and hydrates its islands, as public-entry.tsx does. */
async function serveAndMount(html: string, loaders: Record<string, IslandLoader>) {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  await act(async () => {
    roots = await mountIslands(document, loaders);
  });
}

describe('mountIslands', () => {
  it('hydrates an island with the props the server rendered it with, leaving the rest of the page alone', async () => {
    const errors = vi.spyOn(console, 'error');
    await serveAndMount(
      renderToString(
        <main>
          <p>Static text</p>
          <Island name="public-navbar" component={Counter} props={{ start: 2 }} />
        </main>,
      ),
      counterLoaders,
    );
    const staticText = screen.getByText('Static text');
    expect(roots).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Count 2' }));
    expect(screen.getByRole('button', { name: 'Count 3' })).toBeInTheDocument();
    expect(screen.getByText('Static text')).toBe(staticText);
    expect(errors).not.toHaveBeenCalled();
  });

  it('reports an island it cannot load and still hydrates the others', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await serveAndMount(
      renderToString(
        <>
          <Island name="landing-faq" component={() => <p>Inert</p>} props={{}} />
          <Island name="public-navbar" component={Counter} props={{ start: 0 }} />
        </>,
      ),
      counterLoaders,
    );
    expect(roots).toHaveLength(1);
    expect(screen.getByText('Inert')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Count 0' }));
    expect(screen.getByRole('button', { name: 'Count 1' })).toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith('An island could not be hydrated', expect.any(Error));
  });
});

const noPosts: PublicDataSource = {
  listPosts: async (page) => ({ items: [], total: 0, page, pageSize: 9, nextCursor: null }),
  getPost: async () => null,
};

/** The server's markup of a public page, as entry-server.tsx renders it. */
async function serverPage(path: string): Promise<string> {
  const result = await render(new Request(`https://linkpilot.example${path}`), {
    data: noPosts,
    appUrl: 'https://linkpilot.example',
    signedIn: false,
  });
  if (result.kind !== 'page') throw new Error(`expected a page, got ${result.kind}`);
  return result.body;
}

describe('the public pages’ islands', () => {
  it('hydrate the landing page without a mismatch: menu, theme toggle, pricing and FAQ respond', async () => {
    const errors = vi.spyOn(console, 'error');
    await serveAndMount(await serverPage('/'), islandLoaders);
    expect(roots).toHaveLength(3);
    await userEvent.click(screen.getByLabelText('Menu'));
    expect(screen.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).not.toHaveClass('dark');
    await userEvent.click(screen.getByRole('button', { name: /Annual/ }));
    expect(screen.getByRole('button', { name: /Annual/ })).toHaveAttribute('aria-pressed', 'true');
    const [first] = screen.getAllByRole('button', { name: /free trial work/ });
    await userEvent.click(first!);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(errors).not.toHaveBeenCalled();
  });

  it('hydrate the contact form with the subject of the URL, validating on submit', async () => {
    const errors = vi.spyOn(console, 'error');
    await serveAndMount(await serverPage('/contact?subject=Enterprise%20plan'), islandLoaders);
    expect(roots).toHaveLength(2);
    expect(screen.getByLabelText('Subject')).toHaveValue('Enterprise plan');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.getByText('Name is required')).toBeInTheDocument());
    expect(errors).not.toHaveBeenCalled();
  });
});
