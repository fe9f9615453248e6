// @vitest-environment jsdom
import '../test/setup-dom';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../shared/messages';
import { paths } from '../../shared/paths';
import { renderApp } from '../test/render-app';
import { RouterError } from './routes/router-error';

describe('routes', () => {
  it.each([
    [paths.about, 'About'],
    [paths.blog, 'Blog'],
    [paths.blogPost('hello-world'), 'Blog Post'],
    [paths.blogAdmin, 'Create Blog Post'],
    [paths.terms, 'Terms of Service'],
    [paths.privacy, 'Privacy Policy'],
    [paths.cookies, 'Cookie Policy'],
    [paths.contact, 'Contact Us'],
  ])('%s shows the %s page inside the public frame', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('shows the landing hero with its anchored sections', async () => {
    const { container } = renderApp(paths.home);
    expect(await screen.findByRole('link', { name: /Start free trial/ })).toHaveAttribute(
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
