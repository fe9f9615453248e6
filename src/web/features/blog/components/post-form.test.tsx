// @vitest-environment jsdom
import '../../../test/setup-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/paths';
import { blogMessages } from '../../../../shared/schemas/blog';
import { Providers } from '../../../app/providers';
import { apiError, json, mockApi, sentTo } from '../../../test/mock-api';
import { PostForm } from './post-form';

const imageUrl = `/uploads/${'a'.repeat(32)}.webp`;
const created = (body: unknown) =>
  json(201, {
    ...(body as object),
    id: 'p1',
    excerpt: null,
    createdAt: '2026-11-21T00:00:00.000Z',
  });

function renderForm() {
  const router = createMemoryRouter([{ path: '/', element: <PostForm /> }]);
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

async function fillPost() {
  await userEvent.type(screen.getByLabelText('Title'), 'Ten Outreach Tips!');
  await userEvent.type(screen.getByLabelText('Content'), '# Tips\n\n- one');
}
const chooseImage = () =>
  userEvent.upload(screen.getByLabelText('Image'), new File(['fake'], 'photo.png', { type: 'image/png' }));

describe('PostForm', () => {
  it('shows the spec messages for missing title, slug and content, and sends nothing', async () => {
    const fetchMock = mockApi({ [`GET ${apiPaths.blogCategories}`]: () => json(200, []) });
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    for (const message of [
      blogMessages.titleRequired,
      blogMessages.slugRequired,
      blogMessages.contentRequired,
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect(sentTo(fetchMock, 'POST', apiPaths.blogPosts)).toEqual([]);
  });

  it('fills the slug from the title, uploads the image, then creates the post with its URL', async () => {
    const fetchMock = mockApi({
      [`GET ${apiPaths.blogCategories}`]: () => json(200, [{ id: 'c1', name: 'Guides' }]),
      [`POST ${apiPaths.imageUploads}`]: () =>
        json(201, { url: imageUrl, width: 10, height: 10, bytes: 100 }),
      [`POST ${apiPaths.blogPosts}`]: created,
    });
    renderForm();
    await fillPost();
    expect(screen.getByLabelText('Slug')).toHaveValue('ten-outreach-tips');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Guides' }));
    await userEvent.type(screen.getByLabelText('New category name'), 'Outreach{Enter}');
    await chooseImage();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Publish immediately' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(blogMessages.created);
    const [upload] = fetchMock.mock.calls.filter(([url]) => url === apiPaths.imageUploads);
    expect((upload![1]!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(sentTo(fetchMock, 'POST', apiPaths.blogPosts)).toEqual([
      {
        title: 'Ten Outreach Tips!',
        slug: 'ten-outreach-tips',
        excerpt: '',
        content: '# Tips\n\n- one',
        categories: ['Guides', 'Outreach'],
        imageUrl,
        published: true,
      },
    ]);
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it("says 'Error uploading image' and does not create the post when the upload is refused", async () => {
    const fetchMock = mockApi({
      [`GET ${apiPaths.blogCategories}`]: () => json(200, []),
      [`POST ${apiPaths.imageUploads}`]: () =>
        apiError(400, 'VALIDATION_ERROR', blogMessages.imageUnreadable),
    });
    renderForm();
    await fillPost();
    await chooseImage();
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${blogMessages.uploadError}. ${blogMessages.imageUnreadable}`,
    );
    expect(sentTo(fetchMock, 'POST', apiPaths.blogPosts)).toEqual([]);
  });

  it('puts a taken slug under the slug field, and asks to log in when the session has expired', async () => {
    let answer = apiError(409, 'CONFLICT', blogMessages.slugTaken);
    mockApi({
      [`GET ${apiPaths.blogCategories}`]: () => json(200, []),
      [`POST ${apiPaths.blogPosts}`]: () => answer,
    });
    renderForm();
    await fillPost();
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText(blogMessages.slugTaken)).toBeInTheDocument();
    expect(screen.getByLabelText('Slug')).toHaveAttribute('aria-invalid', 'true');

    answer = apiError(401, 'UNAUTHORIZED', 'Please sign in to continue.');
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(blogMessages.loginRequired);
  });

  it('refuses a non-image file before uploading', async () => {
    mockApi({ [`GET ${apiPaths.blogCategories}`]: () => json(200, []) });
    renderForm();
    await userEvent.upload(
      screen.getByLabelText('Image'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
      {
        applyAccept: false,
      },
    );
    expect(screen.getByText(blogMessages.imageOnly)).toBeInTheDocument();
  });
});
