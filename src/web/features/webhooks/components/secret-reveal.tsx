import { webhookMessages as m } from '#shared/schemas/webhooks';
import { SecretReveal } from '#web/components/secret-reveal';

/** A new signing secret, shown once, with the headers to check it against. */
export function SigningSecretReveal({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <SecretReveal label="Signing secret" secret={secret} notice={m.copyNow} onDone={onDone}>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Check the <code className="font-mono text-xs">webhook-signature</code> or{' '}
        <code className="font-mono text-xs">x-linkpilot-signature</code> header of each request with it.
      </p>
    </SecretReveal>
  );
}
