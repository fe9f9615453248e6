// @vitest-environment jsdom
import '#web/test/setup-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths, paths, withId } from '#shared/paths';
import { blogMessages, type BlogEditablePost } from '#shared/schemas/blog';
import { json, mockApi, sentTo, testUser } from '#web/test/mock-api';
import { renderApp } from '#web/test/render-app';

const stored: BlogEditablePost = {
  id: 'p7',
  title: 'Stored title',
  slug: 'stored-title',
  excerpt: '',
  content: 'Stored body',
  categories: [],
  imageUrl: null,
  published: true,
  publishedAt: '2026-11-20T10:00:00.000Z',
};
const admin = () => json(200, { ...testUser, isAdmin: true });

describe('/blog/admin/posts/:id/edit', () => {
  it('prefills the form and returns to the post list after Save', async () => {
    const fetchMock = mockApi({
      [`GET ${apiPaths.me}`]: admin,
      [`GET ${apiPaths.blogCategories}`]: () => json(200, []),
      [`GET ${withId(apiPaths.blogAdminPost, stored.id)}`]: () => json(200, stored),
      [`PUT ${withId(apiPaths.blogAdminPost, stored.id)}`]: (body) =>
        json(200, { ...(body as object), id: stored.id, excerpt: null, createdAt: stored.publishedAt }),
    });
    const { router } = renderApp(paths.blogAdminEdit(stored.id));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Blog Post' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Title')).toHaveValue('Stored title');
    expect(screen.getByLabelText('Slug')).toHaveValue('stored-title');
    expect(screen.getByRole('checkbox', { name: 'Published' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=posts'));
    expect(router.state.location.pathname).toBe(paths.blogAdmin);
    expect(sentTo(fetchMock, 'PUT', withId(apiPaths.blogAdminPost, stored.id))).toHaveLength(1);
  });

  it("says 'Blog post not found' for an unknown post", async () => {
    mockApi({ [`GET ${apiPaths.me}`]: admin });
    renderApp(paths.blogAdminEdit('missing'));
    expect(await screen.findByText(blogMessages.postNotFound)).toBeInTheDocument();
  });

  it('sends a signed-in non-admin to /', async () => {
    mockApi({ [`GET ${apiPaths.me}`]: () => json(200, testUser) });
    const { router } = renderApp(paths.blogAdminEdit(stored.id));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
  });
});
