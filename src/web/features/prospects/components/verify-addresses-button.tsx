import { ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { emailVerificationMessages as m, verdictLabels } from '#shared/schemas/email-verification';
import { Button } from '#web/components/ui/button';
import { refusalMessage } from '#web/lib/form-errors';
import { useAddressVerificationRun, useStartAddressVerification } from '#web/data/email-verification-queries';

/**
 * The campaign's bulk Verify Addresses (docs/decisions/047-address-verification.md): starts the
 * background run and shows its progress ("Verifying 120 of 400") and then its counts per verdict,
 * or why it failed.
 */
export function VerifyAddressesButton({ campaignId }: { campaignId: string }) {
  const run = useAddressVerificationRun(campaignId);
  const start = useStartAddressVerification(campaignId);
  const latest = run.data;
  const running = latest?.status === 'running';
  const counts = latest?.counts ?? {};
  const summary = latest
    ? running
      ? `Verifying ${latest.done.toLocaleString()} of ${latest.total.toLocaleString()} addresses…`
      : latest.status === 'failed'
        ? `Verification stopped: ${latest.error ?? 'unknown error'}`
        : (['deliverable', 'risky', 'undeliverable', 'unknown'] as const)
            .map((v) => `${(counts[v] ?? 0).toLocaleString()} ${verdictLabels[v].toLowerCase()}`)
            .join(' · ')
    : null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {run.isError && <span className="text-red-700 dark:text-red-400">{m.loadFailed}</span>}
      {summary && (
        <span
          role="status"
          className={
            latest?.status === 'failed'
              ? 'text-red-700 dark:text-red-400'
              : 'text-slate-600 dark:text-slate-400'
          }
        >
          {summary}
        </span>
      )}
      <Button
        size="sm"
        variant="outline"
        disabled={running || run.isPending}
        loading={start.isPending}
        onClick={() =>
          start.mutate(undefined, {
            onError: (e) => toast.error(refusalMessage(e, m.nothingToVerify)),
          })
        }
      >
        <ShieldCheck aria-hidden className="size-4" /> Verify Addresses
      </Button>
    </div>
  );
}
