import { ImageIcon } from 'lucide-react';
import { cn } from '#web/lib/cn';

/** A post's image, or a neutral placeholder when it has none (docs/product.md#public-pages cards). Decorative: the title says what it is. */
export function PostImage({ src, className }: { src: string | null; className?: string }) {
  if (!src) {
    return (
      <div
        aria-hidden
        className={cn(
          'flex aspect-[16/9] items-center justify-center bg-gradient-to-br from-indigo-100 to-violet-100 text-indigo-400 dark:from-indigo-950 dark:to-violet-950 dark:text-indigo-500',
          className,
        )}
      >
        <ImageIcon className="size-10" />
      </div>
    );
  }
  return (
    <img src={src} alt="" loading="lazy" className={cn('aspect-[16/9] w-full object-cover', className)} />
  );
}
