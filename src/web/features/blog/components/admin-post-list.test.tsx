// @vitest-environment jsdom
import '#web/test/setup-dom';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiPaths, paths, withId, withQuery } from '#shared/paths';
import { blogMessages, type BlogAdminPost } from '#shared/schemas/blog';
import { Providers } from '#web/app/providers';
import { apiError, json, mockApi, sentTo } from '#web/test/mock-api';
import { AdminPostList } from './admin-post-list';

const post = (overrides: Partial<BlogAdminPost>): BlogAdminPost => ({
  id: 'p1',
  title: 'A post',
  slug: 'a-post',
  excerpt: null,
  imageUrl: null,
  categories: [],
  published: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  publishedAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
const page = (items: BlogAdminPost[], total = items.length, pageNumber = 1) =>
  json(200, { items, total, page: pageNumber, pageSize: 20, nextCursor: null });
const listUrl = (n: number) => withQuery(apiPaths.blogAdminPosts, { page: n });

function renderList() {
  const router = createMemoryRouter([{ path: '/', element: <AdminPostList /> }]);
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('AdminPostList', () => {
  it('lists drafts and published posts with their status and an edit link', async () => {
    mockApi({
      [`GET ${listUrl(1)}`]: () =>
        page([
          post({ id: 'p2', title: 'Draft one', slug: 'draft-one', published: false, publishedAt: null }),
          post({ title: 'Live one', slug: 'live-one' }),
        ]),
    });
    renderList();
    const rows = within(await screen.findByRole('list', { name: 'Posts' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Draft one');
    expect(rows[0]).toHaveTextContent('Draft');
    expect(within(rows[0]!).getByRole('button', { name: 'Publish Draft one' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Published');
    expect(within(rows[1]!).getByRole('link', { name: 'Live one' })).toHaveAttribute(
      'href',
      paths.blogPost('live-one'),
    );
    expect(within(rows[1]!).getByRole('link', { name: 'Edit Live one' })).toHaveAttribute(
      'href',
      paths.blogAdminEdit('p1'),
    );
  });

  it('unpublishes a post and shows the list the server then gives', async () => {
    let published = true;
    const fetchMock = mockApi({
      [`GET ${listUrl(1)}`]: () => page([post({ published, publishedAt: post({}).publishedAt })]),
      [`PUT ${withId(apiPaths.blogAdminPostPublished, 'p1')}`]: (body) => {
        published = (body as { published: boolean }).published;
        return json(200, post({ published }));
      },
    });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Unpublish A post' }));
    expect(await screen.findByRole('button', { name: 'Publish A post' })).toBeInTheDocument();
    expect(sentTo(fetchMock, 'PUT', withId(apiPaths.blogAdminPostPublished, 'p1'))).toEqual([
      { published: false },
    ]);
  });

  it('deletes only after the confirmation, then the post is gone', async () => {
    let items = [post({})];
    const fetchMock = mockApi({
      [`GET ${listUrl(1)}`]: () => page(items),
      [`DELETE ${withId(apiPaths.blogAdminPost, 'p1')}`]: () => {
        items = [];
        return json(200, { ok: true });
      },
    });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete A post' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent("Delete 'A post'?");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete A post' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText(blogMessages.noAdminPosts)).toBeInTheDocument();
  });

  it('pages on the server', async () => {
    const fetchMock = mockApi({
      [`GET ${listUrl(1)}`]: () => page([post({ title: 'First page' })], 21),
      [`GET ${listUrl(2)}`]: () => page([post({ id: 'p21', title: 'Second page' })], 21, 2),
    });
    renderList();
    await screen.findByText('First page');
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Second page')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(listUrl(2));
  });

  it('shows the empty state and the error state with a retry', async () => {
    let fail = true;
    mockApi({
      [`GET ${listUrl(1)}`]: () => (fail ? apiError(500, 'INTERNAL', 'boom') : page([])),
    });
    renderList();
    expect(await screen.findByText(blogMessages.loadAdminListFailed)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(blogMessages.noAdminPosts)).toBeInTheDocument();
  });
});
