import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../../shared/paths';
import {
  blogMessages,
  blogPostInputSchema,
  slugify,
  type BlogPostInput,
} from '../../../../shared/schemas/blog';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { ApiError } from '../../../lib/api-error';
import { applyServerIssues } from '../../../lib/form-errors';
import { useCreatePost, useUploadImage } from '../api/use-blog-admin';
import { CategoryPicker } from './category-picker';
import { ImagePicker } from './image-picker';

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

/**
 * The Create Blog Post form (spec §2, §5, §8): title, slug (filled from the title until edited), excerpt,
 * content, categories, image and 'Publish immediately'. The image is uploaded first, then the post saved.
 */
export function PostForm() {
  const upload = useUploadImage();
  const create = useCreatePost();
  const [image, setImage] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { register, handleSubmit, setValue, getFieldState, setError, reset, control, formState } =
    useForm<BlogPostInput>({
      resolver: zodResolver(blogPostInputSchema),
      defaultValues: emptyPost,
      mode: 'onSubmit',
      reValidateMode: 'onChange',
    });
  const errors = formState.errors;
  const titleField = register('title');

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    let imageUrl: string | null = null;
    if (image) {
      try {
        imageUrl = (await upload.mutateAsync(image)).url;
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
      const post = await create.mutateAsync({ ...values, imageUrl });
      toast.success(blogMessages.created);
      setOutcome({ kind: 'success', slug: post.slug, published: post.published });
      reset(emptyPost);
      setImage(null);
    } catch (error) {
      if (isUnauthorized(error)) return setOutcome({ kind: 'error', message: blogMessages.loginRequired });
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        setError('slug', { type: 'server', message: error.message });
        return;
      }
      if (applyServerIssues(error, fieldNames, setError)) return;
      setOutcome({ kind: 'error', message: blogMessages.createError });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Create blog post" className="space-y-6">
      <TextField
        label="Title"
        error={errors.title?.message}
        {...titleField}
        onChange={(event) => {
          void titleField.onChange(event);
          // The slug follows the title until the author edits it.
          if (!getFieldState('slug').isDirty) setValue('slug', slugify(event.target.value));
        }}
      />
      <TextField
        label="Slug"
        error={errors.slug?.message}
        aria-description={`The post's address: /blog/your-slug`}
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
      <ImagePicker file={image} onChange={setImage} />
      <label className="flex items-center gap-3 text-sm font-medium text-slate-800 dark:text-slate-200">
        <input
          type="checkbox"
          className="size-4 rounded accent-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-500"
          {...register('published')}
        />
        Publish immediately
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
        Create Post
      </Button>
    </form>
  );
}
