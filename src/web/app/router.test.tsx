// @vitest-environment jsdom
import '../test/setup-dom';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '#shared/messages';
import { apiPaths, paths } from '#shared/paths';
import { json, mockApi, signedOut } from '../test/mock-api';
import { renderApp } from '../test/render-app';
import { RouterError } from './routes/router-error';

const post = {
  id: 'p1',
  title: 'Hello world',
  slug: 'hello-world',
  excerpt: null,
  imageUrl: null,
  categories: [],
  published: true,
  createdAt: '2026-01-05T00:00:00.000Z',
};

describe('routes', () => {
  it.each([
    [paths.about, 'About LinkPilot'],
    [paths.blog, 'Blog'],
    [paths.blogPost('hello-world'), 'Hello world'],
    [paths.terms, 'Terms of Service'],
    [paths.privacy, 'Privacy Policy'],
    [paths.cookies, 'Cookie Policy'],
    [paths.contact, 'Contact Us'],
  ])('%s shows the %s page inside the public frame', async (path, title) => {
    mockApi({
      [`GET ${apiPaths.blogPosts}?page=1`]: () =>
        json(200, { items: [], total: 0, page: 1, pageSize: 9, nextCursor: null }),
      [`GET ${apiPaths.blogPost('hello-world')}`]: () =>
        json(200, { post: { ...post, contentHtml: '<p>Hi</p>' }, recent: [] }),
    });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('sends a visitor of the Create Blog Post page to /login', async () => {
    mockApi({ [`GET ${apiPaths.me}`]: signedOut });
    const { router } = renderApp(paths.blogAdmin);
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.login);
  });

  it('shows the landing hero with its anchored sections', async () => {
    const { container } = renderApp(paths.home);
    expect((await screen.findAllByRole('link', { name: /Start free trial/ }))[0]).toHaveAttribute(
      'href',
      paths.signup,
    );
    for (const id of ['features', 'how-it-works', 'pricing'])
      expect(container.querySelector(`#${id}`)).not.toBeNull();
  });

  it('shows a 404 page for an unknown URL', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', paths.home);
  });

  it('shows the router error screen with the error message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('Kaboom');
    }
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouterError /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: messages.generic.routerError })).toBeInTheDocument();
    expect(screen.getByText('Kaboom')).toBeInTheDocument();
  });
});
