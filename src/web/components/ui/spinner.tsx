import { LoaderCircle } from 'lucide-react';
import { cn } from '#web/lib/cn';

interface SpinnerProps {
  className?: string;
  /** Announced to assistive technology; pass null when the spinner is decoration inside a labelled control. */
  label?: string | null;
}

/** A spinning loader icon; announced as a status unless `label` is null. */
export function Spinner({ className, label = 'Loading' }: SpinnerProps) {
  const icon = <LoaderCircle aria-hidden className={cn('size-5 animate-spin', className)} />;
  if (label === null) return icon;
  return (
    <span role="status" aria-label={label} className="inline-flex">
      {icon}
    </span>
  );
}

/** A spinner centred in the whole viewport, for screens waiting on their first data. */
export function PageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="size-8 text-indigo-500" />
    </div>
  );
}
