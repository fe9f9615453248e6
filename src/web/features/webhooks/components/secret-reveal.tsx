import { Check, Copy } from 'lucide-react';
import { useId } from 'react';
import { webhookMessages as m } from '../../../../shared/schemas/webhooks';
import { Button } from '../../../components/ui/button';
import { DialogFooter } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useCopy } from '../../../lib/use-copy';

/** A new signing secret, read-only, with Copy and Done: it is never shown again. */
export function SecretReveal({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { copied, copy } = useCopy();
  const id = useId();
  return (
    <div aria-live="polite">
      <div className="rounded-xl border border-indigo-200 bg-indigo-50/60 p-4 dark:border-indigo-900 dark:bg-indigo-950/40">
        <Label htmlFor={id}>Signing secret</Label>
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
        <p className="mt-2 text-sm font-medium text-slate-700 dark:text-slate-300">{m.copyNow}</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Check the <code className="font-mono text-xs">webhook-signature</code> or{' '}
          <code className="font-mono text-xs">x-linkpilot-signature</code> header of each request with it.
        </p>
      </div>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}
