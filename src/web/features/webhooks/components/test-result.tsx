import type { WebhookTestResult } from '#shared/schemas/webhooks';
import { cn } from '#web/lib/cn';

/** What the receiver answered to the Test button's sample event: its code, time and body. */
export function TestResult({ result }: { result: WebhookTestResult }) {
  const ok = result.status === 'delivered';
  return (
    <div
      aria-live="polite"
      className={cn(
        'rounded-xl border p-4 text-sm',
        ok
          ? 'border-emerald-200 bg-emerald-50/60 dark:border-emerald-900 dark:bg-emerald-950/30'
          : 'border-red-200 bg-red-50/60 dark:border-red-900/70 dark:bg-red-950/30',
      )}
    >
      <p className="font-medium">
        {result.responseStatus !== null
          ? `The receiver answered ${result.responseStatus}`
          : 'The receiver did not answer'}
        {result.durationMs !== null && ` in ${result.durationMs} ms`}
        {ok ? ': delivered.' : ': not delivered.'}
      </p>
      {result.responseBody && (
        <pre className="mt-2 max-h-48 overflow-auto rounded-lg bg-white/70 p-3 font-mono text-xs break-words whitespace-pre-wrap text-slate-800 dark:bg-slate-950/60 dark:text-slate-200">
          {result.responseBody}
        </pre>
      )}
    </div>
  );
}
