// @vitest-environment jsdom
import '#web/test/setup-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { apiPaths, withId } from '#shared/paths';
import { blogLimits, blogMessages, type BlogEditablePost } from '#shared/schemas/blog';
import { Providers } from '#web/app/providers';
import { apiError, json, mockApi, sentTo } from '#web/test/mock-api';
import { PostForm } from './post-form';

const imageUrl = `/uploads/${'a'.repeat(32)}.webp`;
const created = (body: unknown) =>
  json(201, {
    ...(body as object),
    id: 'p1',
    excerpt: null,
    createdAt: '2026-11-21T00:00:00.000Z',
  });

function renderForm(post?: BlogEditablePost, onSaved?: () => void) {
  const router = createMemoryRouter([{ path: '/', element: <PostForm post={post} onSaved={onSaved} /> }]);
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
  it('shows the form messages for missing title, slug and content, and sends nothing', async () => {
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

  it("clears 'Slug is required' when typing the title fills the slug", async () => {
    mockApi({ [`GET ${apiPaths.blogCategories}`]: () => json(200, []) });
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText(blogMessages.slugRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Title'), 'Link building');
    expect(screen.getByLabelText('Slug')).toHaveValue('link-building');
    expect(screen.queryByText(blogMessages.slugRequired)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Slug')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("stops Create Post with 'Error uploading image' when the chosen image was refused", async () => {
    const fetchMock = mockApi({
      [`GET ${apiPaths.blogCategories}`]: () => json(200, []),
      [`POST ${apiPaths.blogPosts}`]: created,
    });
    renderForm();
    await fillPost();
    const huge = new File([new Uint8Array(blogLimits.imageMaxBytes + 1)], 'huge.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Image'), huge);
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${blogMessages.uploadError}. ${blogMessages.imageTooLarge(5)}`,
    );
    expect(sentTo(fetchMock, 'POST', apiPaths.imageUploads)).toEqual([]);
    expect(sentTo(fetchMock, 'POST', apiPaths.blogPosts)).toEqual([]);

    // Choosing an acceptable image instead lets the post be created, with it.
    const fetchMock2 = mockApi({
      [`GET ${apiPaths.blogCategories}`]: () => json(200, []),
      [`POST ${apiPaths.imageUploads}`]: () => json(201, { url: imageUrl, width: 1, height: 1, bytes: 1 }),
      [`POST ${apiPaths.blogPosts}`]: created,
    });
    await chooseImage();
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(blogMessages.created));
    expect(sentTo(fetchMock2, 'POST', apiPaths.blogPosts)).toEqual([expect.objectContaining({ imageUrl })]);
  });
});

describe('PostForm editing a post', () => {
  const stored: BlogEditablePost = {
    id: 'p9',
    title: 'Old title',
    slug: 'old-title',
    excerpt: 'Short',
    content: 'Body',
    categories: ['Guides'],
    imageUrl,
    published: false,
    publishedAt: null,
  };
  const saveUrl = withId(apiPaths.blogAdminPost, stored.id);

  it('starts from the stored post, keeps the slug when the title changes, and saves with PUT', async () => {
    const fetchMock = mockApi({
      [`GET ${apiPaths.blogCategories}`]: () => json(200, [{ id: 'c1', name: 'Guides' }]),
      [`PUT ${saveUrl}`]: (body) => created(body),
    });
    let saved = 0;
    renderForm(stored, () => saved++);
    expect(screen.getByLabelText('Title')).toHaveValue('Old title');
    expect(screen.getByLabelText('Content')).toHaveValue('Body');
    expect(screen.getByRole('img', { name: 'The post’s current image' })).toHaveAttribute('src', imageUrl);
    await userEvent.clear(screen.getByLabelText('Title'));
    await userEvent.type(screen.getByLabelText('Title'), 'New title');
    expect(screen.getByLabelText('Slug')).toHaveValue('old-title');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Published' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(saved).toBe(1));
    expect(sentTo(fetchMock, 'PUT', saveUrl)).toEqual([
      {
        title: 'New title',
        slug: 'old-title',
        excerpt: 'Short',
        content: 'Body',
        categories: ['Guides'],
        imageUrl,
        published: true,
      },
    ]);
    expect(sentTo(fetchMock, 'POST', apiPaths.blogPosts)).toEqual([]);
  });

  it('sends a changed slug and a removed image; a refused image stops Save', async () => {
    const fetchMock = mockApi({
      [`GET ${apiPaths.blogCategories}`]: () => json(200, []),
      [`PUT ${saveUrl}`]: (body) => created(body),
    });
    renderForm(stored);
    await userEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    await userEvent.clear(screen.getByLabelText('Slug'));
    await userEvent.type(screen.getByLabelText('Slug'), 'new-address');
    await userEvent.upload(
      screen.getByLabelText('Image'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
      { applyAccept: false },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${blogMessages.uploadError}. ${blogMessages.imageOnly}`,
    );
    expect(sentTo(fetchMock, 'PUT', saveUrl)).toEqual([]);

    await userEvent.upload(screen.getByLabelText('Image'), []);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(sentTo(fetchMock, 'PUT', saveUrl)).toEqual([
        expect.objectContaining({ slug: 'new-address', imageUrl: null, published: false }),
      ]),
    );
  });
});
