import { Check, Copy } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useCopy } from '../lib/use-copy';
import { Button } from './ui/button';
import { DialogFooter } from './ui/dialog';
import { Input } from './ui/input';
import { Label } from './ui/label';

/**
 * A secret shown once (an API key, a webhook signing secret): read-only and selected on focus, with
 * Copy, the `notice` that it will not be shown again, `children` for how to use it, and Done.
 */
export function SecretReveal({
  label,
  secret,
  notice,
  onDone,
  children,
}: {
  label: string;
  secret: string;
  notice: string;
  onDone: () => void;
  children?: ReactNode;
}) {
  const { copied, copy } = useCopy();
  const id = useId();
  return (
    <div aria-live="polite">
      <div className="rounded-xl border border-indigo-200 bg-indigo-50/60 p-4 dark:border-indigo-900 dark:bg-indigo-950/40">
        <Label htmlFor={id}>{label}</Label>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row">
          <Input
            id={id}
            readOnly
            value={secret}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-xs"
          />
          <Button type="button" variant="outline" onClick={() => void copy(secret)}>
            {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
            {copied ? 'Copied!' : 'Copy'}
          </Button>
        </div>
        <p className="mt-2 text-sm font-medium text-slate-700 dark:text-slate-300">{notice}</p>
        {children}
      </div>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}
