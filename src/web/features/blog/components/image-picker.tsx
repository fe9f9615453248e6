import { X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { blogLimits, blogMessages } from '../../../../shared/schemas/blog';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';

interface ImagePickerProps {
  file: File | null;
  onChange: (file: File | null) => void;
}

const megabytes = blogLimits.imageMaxBytes / (1024 * 1024);

/**
 * The post image input (spec §5: image files only). Checks type and size before upload for a quick
 * answer; the server checks the content again. Shows a preview of the chosen file.
 */
export function ImagePicker({ file, onChange }: ImagePickerProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useEffect(() => {
    if (!file && inputRef.current) inputRef.current.value = '';
  }, [file]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return onChange(null);
    if (!chosen.type.startsWith('image/') || chosen.type === 'image/svg+xml') {
      setError(blogMessages.imageOnly);
      if (inputRef.current) inputRef.current.value = '';
      return onChange(null);
    }
    if (chosen.size > blogLimits.imageMaxBytes) {
      setError(blogMessages.imageTooLarge(megabytes));
      if (inputRef.current) inputRef.current.value = '';
      return onChange(null);
    }
    setError(null);
    onChange(chosen);
  };

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
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => choose(event.target.files?.[0])}
        className="mt-1.5 block w-full text-sm text-slate-700 file:mr-4 file:cursor-pointer file:rounded-lg file:border-0 file:bg-indigo-50 file:px-4 file:py-2 file:text-sm file:font-medium file:text-indigo-700 hover:file:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:file:bg-indigo-500/15 dark:file:text-indigo-300"
      />
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {preview && (
        <div className="relative mt-3 w-fit">
          <img src={preview} alt="Preview of the chosen image" className="max-h-48 rounded-lg object-cover" />
          <Button
            type="button"
            size="icon"
            variant="outline"
            aria-label="Remove image"
            onClick={() => onChange(null)}
            className="absolute top-2 right-2 size-8"
          >
            <X aria-hidden className="size-4" />
          </Button>
        </div>
      )}
    </div>
  );
}
