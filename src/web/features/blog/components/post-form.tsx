import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { paths } from '#shared/paths';
import {
  blogMessages,
  blogPostInputSchema,
  slugify,
  type BlogEditablePost,
  type BlogPostInput,
  type BlogPostSummary,
} from '#shared/schemas/blog';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/text-field';
import { TextareaField } from '#web/components/ui/textarea-field';
import { ApiError } from '#web/lib/api-error';
import { applyServerIssues } from '#web/lib/form-errors';
import { useCreatePost, useUpdatePost, useUploadImage } from '../api/blog-admin-queries';
import { CategoryPicker } from './category-picker';
import { ImagePicker, noImageChoice, type ImageChoice } from './image-picker';

const emptyPost: BlogPostInput = {
  title: '',
  slug: '',
  excerpt: '',
  content: '',
  categories: [],
  imageUrl: null,
  published: false,
};
const fieldNames = ['title', 'slug', 'excerpt', 'content', 'categories', 'imageUrl'] as const;

type Outcome = { kind: 'success'; slug: string; published: boolean } | { kind: 'error'; message: string };

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/** The form fields of a stored post (what the edit form starts from). */
function fieldsOf(post: BlogEditablePost): BlogPostInput {
  const { title, slug, excerpt, content, categories, imageUrl, published } = post;
  return { title, slug, excerpt, content, categories, imageUrl, published };
}

/** Creates a post, or saves `id` when given: one form, two endpoints. */
function useSavePost(id: string | undefined) {
  const create = useCreatePost();
  const update = useUpdatePost(id ?? '');
  return id ? update : create;
}

interface PostFormProps {
  /** The post to edit; without it the form creates a post. */
  post?: BlogEditablePost;
  /** Called after an edit was saved (creating stays on the form, emptied, for the next post). */
  onSaved?: (post: BlogPostSummary) => void;
}

/**
 * The Create Blog Post form, also the edit form: title, slug (filled from the title
 * until edited, when creating; an edited post keeps its slug unless the admin changes it), excerpt,
 * content, categories, image and 'Publish immediately' ('Published' when editing). The image is
 * uploaded first, then the post saved; an image that cannot be uploaded stops the save.
 */
export function PostForm({ post, onSaved }: PostFormProps) {
  const editing = post !== undefined;
  const upload = useUploadImage();
  const save = useSavePost(post?.id);
  const [image, setImage] = useState<ImageChoice>(noImageChoice);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { register, handleSubmit, setValue, getFieldState, setError, reset, control, formState } =
    useForm<BlogPostInput>({
      resolver: zodResolver(blogPostInputSchema),
      defaultValues: post ? fieldsOf(post) : emptyPost,
      mode: 'onSubmit',
      reValidateMode: 'onChange',
    });
  const errors = formState.errors;
  const titleField = register('title');
  const currentImageUrl = useWatch({ control, name: 'imageUrl' });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    if (image.refusal) {
      setOutcome({ kind: 'error', message: `${blogMessages.uploadError}. ${image.refusal}` });
      return;
    }
    let imageUrl = values.imageUrl;
    if (image.file) {
      try {
        imageUrl = (await upload.mutateAsync(image.file)).url;
      } catch (error) {
        const detail =
          error instanceof ApiError && error.isClientError && !isUnauthorized(error)
            ? ` ${error.message}`
            : '';
        setOutcome({
          kind: 'error',
          message: isUnauthorized(error)
            ? blogMessages.loginRequired
            : `${blogMessages.uploadError}.${detail}`,
        });
        return;
      }
    }
    try {
      const saved = await save.mutateAsync({ ...values, imageUrl });
      setImage(noImageChoice);
      if (editing) {
        toast.success(blogMessages.saved);
        reset({ ...values, imageUrl });
        onSaved?.(saved);
        return;
      }
      toast.success(blogMessages.created);
      setOutcome({ kind: 'success', slug: saved.slug, published: saved.published });
      reset(emptyPost);
    } catch (error) {
      if (isUnauthorized(error)) return setOutcome({ kind: 'error', message: blogMessages.loginRequired });
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        setError('slug', { type: 'server', message: error.message });
        return;
      }
      if (applyServerIssues(error, fieldNames, setError)) return;
      setOutcome({ kind: 'error', message: editing ? blogMessages.saveError : blogMessages.createError });
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={editing ? 'Edit blog post' : 'Create blog post'}
      className="space-y-6"
    >
      <TextField
        label="Title"
        error={errors.title?.message}
        {...titleField}
        onChange={(event) => {
          void titleField.onChange(event);
          // A new post's slug follows the title until the author edits it; validating then clears a
          // 'Slug is required' left by an earlier submit. An edited post keeps its address.
          if (!editing && !getFieldState('slug').isDirty) {
            setValue('slug', slugify(event.target.value), { shouldValidate: formState.isSubmitted });
          }
        }}
      />
      <TextField
        label="Slug"
        error={errors.slug?.message}
        aria-description={
          editing
            ? `The post's address. If you change it, the old address redirects to the new one.`
            : `The post's address: /blog/your-slug`
        }
        {...register('slug')}
        onChange={(event) =>
          setValue('slug', event.target.value, { shouldDirty: true, shouldValidate: formState.isSubmitted })
        }
      />
      <TextareaField
        label="Excerpt (optional)"
        rows={2}
        error={errors.excerpt?.message}
        {...register('excerpt')}
      />
      <TextareaField
        label="Content"
        rows={14}
        hint="Use '# ' and '## ' for headings, '- ' or '1. ' for lists and **bold** for emphasis."
        error={errors.content?.message}
        {...register('content')}
      />
      <Controller
        control={control}
        name="categories"
        render={({ field, fieldState }) => (
          <CategoryPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
      <ImagePicker
        choice={image}
        onChange={setImage}
        currentUrl={currentImageUrl}
        onRemoveCurrent={() => setValue('imageUrl', null, { shouldDirty: true })}
      />
      <label className="flex items-center gap-3 text-sm font-medium text-slate-800 dark:text-slate-200">
        <input
          type="checkbox"
          className="size-4 rounded accent-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-500"
          {...register('published')}
        />
        {editing ? 'Published' : 'Publish immediately'}
      </label>
      {outcome?.kind === 'error' && <Alert variant="destructive">{outcome.message}</Alert>}
      {outcome?.kind === 'success' && (
        <Alert>
          {blogMessages.created}{' '}
          {outcome.published ? (
            <Link to={paths.blogPost(outcome.slug)} className="font-medium underline underline-offset-2">
              View the post
            </Link>
          ) : (
            'It is saved as a draft and not visible to visitors.'
          )}
        </Alert>
      )}
      <Button type="submit" size="lg" loading={formState.isSubmitting}>
        {editing ? 'Save' : 'Create Post'}
      </Button>
    </form>
  );
}
