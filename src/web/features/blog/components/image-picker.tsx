import { X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { blogLimits, blogMessages } from '#shared/schemas/blog';
import { Button } from '#web/components/ui/button';
import { Label } from '#web/components/ui/label';

/** The picker's state as the form keeps it: the chosen file, or why the last choice was refused. */
export interface ImageChoice {
  file: File | null;
  refusal: string | null;
}

export const noImageChoice: ImageChoice = { file: null, refusal: null };

interface ImagePickerProps {
  choice: ImageChoice;
  onChange: (choice: ImageChoice) => void;
  /** The image the post has now (edit form), shown until a file replaces it; null when none. */
  currentUrl: string | null;
  onRemoveCurrent: () => void;
}

const megabytes = blogLimits.imageMaxBytes / (1024 * 1024);

/** Why a file cannot be uploaded (type, size), or null when it may be. The server checks the content again. */
function refusalOf(file: File): string | null {
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return blogMessages.imageOnly;
  if (file.size > blogLimits.imageMaxBytes) return blogMessages.imageTooLarge(megabytes);
  return null;
}

/**
 * The post image input (docs/product.md#validation: image files only). Checks type and size before upload for a quick
 * answer and reports a refused file to the form (which then will not save: the image would be lost).
 * Shows a preview of the chosen file, or of the post's current image.
 */
export function ImagePicker({ choice, onChange, currentUrl, onRemoveCurrent }: ImagePickerProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { file, refusal } = choice;
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useEffect(() => {
    if (!file && inputRef.current) inputRef.current.value = '';
  }, [file]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return onChange({ file: null, refusal: null });
    const why = refusalOf(chosen);
    onChange(why ? { file: null, refusal: why } : { file: chosen, refusal: null });
  };
  const shown = preview ?? currentUrl;

  return (
    <div>
      <Label htmlFor={id}>Image</Label>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        JPEG, PNG, WebP, GIF or AVIF, up to {megabytes} MB. It is converted to WebP and its metadata removed.
      </p>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        aria-describedby={`${id}-hint${refusal ? ` ${id}-error` : ''}`}
        aria-invalid={refusal ? true : undefined}
        onChange={(event) => choose(event.target.files?.[0])}
        className="mt-1.5 block w-full text-sm text-slate-700 file:mr-4 file:cursor-pointer file:rounded-lg file:border-0 file:bg-indigo-50 file:px-4 file:py-2 file:text-sm file:font-medium file:text-indigo-700 hover:file:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:file:bg-indigo-500/15 dark:file:text-indigo-300"
      />
      {refusal && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {refusal}
        </p>
      )}
      {shown && (
        <div className="relative mt-3 w-fit">
          <img
            src={shown}
            alt={preview ? 'Preview of the chosen image' : 'The post’s current image'}
            className="max-h-48 rounded-lg object-cover"
          />
          <Button
            type="button"
            size="icon"
            variant="outline"
            aria-label="Remove image"
            onClick={() => (file ? onChange(noImageChoice) : onRemoveCurrent())}
            className="absolute top-2 right-2 size-8"
          >
            <X aria-hidden className="size-4" />
          </Button>
        </div>
      )}
    </div>
  );
}
