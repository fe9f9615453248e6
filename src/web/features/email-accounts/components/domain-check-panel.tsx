import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  dkimSelectorsInputSchema,
  domainCheckMessages as m,
  type DkimSelectorsInput,
} from '#shared/schemas/domain-check';
import type { DnsRecordCheck, DomainCheck } from '#shared/schemas/mail-health';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { TextField } from '#web/components/ui/text-field';
import { formatDateTime } from '#web/lib/format';
import { applyServerIssues, refusalMessage } from '#web/lib/form-errors';
import { useDomainCheck, useRecheckDomain, useSaveDkimSelectors } from '../api/domain-check-queries';

const statusBadge: Record<DnsRecordCheck['status'], { tone: BadgeTone; label: string }> = {
  pass: { tone: 'success', label: 'Pass' },
  warn: { tone: 'warning', label: 'Warning' },
  fail: { tone: 'danger', label: 'Fail' },
  unknown: { tone: 'neutral', label: 'Could not check' },
};

const records: { key: 'spf' | 'dkim' | 'dmarc'; label: string }[] = [
  { key: 'spf', label: 'SPF' },
  { key: 'dkim', label: 'DKIM' },
  { key: 'dmarc', label: 'DMARC' },
];

function RecordRow({ label, result }: { label: string; result: DnsRecordCheck }) {
  const badge = statusBadge[result.status];
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2">
        <span className="w-14 font-medium">{label}</span>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>
      {result.records.map((record, i) => (
        <code
          key={i}
          className="block rounded bg-slate-100 px-2 py-1 text-xs break-all text-slate-700 dark:bg-slate-800 dark:text-slate-300"
        >
          {record}
        </code>
      ))}
      {result.advice && <p className="text-slate-600 dark:text-slate-400">{result.advice}</p>}
    </div>
  );
}

function SelectorsForm({ mailboxId, selectors }: { mailboxId: string; selectors: string[] }) {
  const save = useSaveDkimSelectors(mailboxId);
  const form = useForm<DkimSelectorsInput, unknown, z.output<typeof dkimSelectorsInputSchema>>({
    resolver: zodResolver(dkimSelectorsInputSchema),
    defaultValues: { selectors: selectors.join(', ') },
  });
  const onSubmit = form.handleSubmit(() =>
    save.mutate(
      { selectors: form.getValues('selectors') },
      {
        onSuccess: () => toast.success('DKIM selectors saved: check again to use them'),
        onError: (caught) => {
          if (applyServerIssues(caught, ['selectors'], form.setError)) return;
          toast.error(refusalMessage(caught, m.saveFailed));
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <TextField
        label="DKIM selectors"
        placeholder="google, selector1"
        className="flex-1"
        error={form.formState.errors.selectors?.message}
        {...form.register('selectors')}
      />
      <Button type="submit" variant="outline" size="sm" loading={save.isPending}>
        Save selectors
      </Button>
    </form>
  );
}

function Summary({ check }: { check: DomainCheck | null }) {
  if (!check) return <span className="text-slate-500 dark:text-slate-400">Not checked yet</span>;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {records.map(({ key, label }) => (
        <Badge key={key} tone={statusBadge[check[key].status].tone}>
          {label}
        </Badge>
      ))}
    </span>
  );
}

/**
 * A mailbox's sender-domain check (docs/decisions/015-sender-domain-and-address-checks.md): SPF,
 * DKIM and DMARC of its domain, each with a pass/warning/fail badge, the record found and what to
 * fix; "Check again"; and the DKIM selectors to look for, which only those who may change the
 * mailbox (`mayChange`, docs/product.md#roles) can edit. Folded under a summary of the badges.
 */
export function DomainCheckPanel({ mailboxId, mayChange }: { mailboxId: string; mayChange: boolean }) {
  const query = useDomainCheck(mailboxId);
  const recheck = useRecheckDomain(mailboxId);
  const check = query.data?.check ?? null;
  return (
    <details className="mt-2 rounded-md border border-slate-200 text-sm dark:border-slate-700">
      <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-3 py-2 font-medium">
        Domain check {!query.isPending && !query.isError && <Summary check={check} />}
      </summary>
      <div className="space-y-4 border-t border-slate-200 px-3 py-3 dark:border-slate-700">
        {query.isPending ? (
          <div role="status" aria-label="Loading the domain check" className="space-y-2">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        ) : query.isError ? (
          <p className="text-red-700 dark:text-red-400">{m.loadFailed}</p>
        ) : (
          <>
            {check ? (
              <>
                <p className="text-slate-600 dark:text-slate-400">
                  {check.domain} · checked {formatDateTime(check.checkedAt)}. Gmail and Yahoo refuse bulk mail
                  without SPF, DKIM and DMARC since 2024, Microsoft since May 2025.
                </p>
                {records.map(({ key, label }) => (
                  <RecordRow key={key} label={label} result={check[key]} />
                ))}
              </>
            ) : (
              <p className="text-slate-600 dark:text-slate-400">
                LinkPilot has not checked this mailbox’s domain yet; it does so every day.
              </p>
            )}
            <Button
              variant="outline"
              size="sm"
              loading={recheck.isPending}
              onClick={() => recheck.mutate(undefined, { onError: () => toast.error(m.checkFailed) })}
            >
              {check ? 'Check again' : 'Check now'}
            </Button>
            {mayChange && <SelectorsForm mailboxId={mailboxId} selectors={query.data!.selectors} />}
          </>
        )}
      </div>
    </details>
  );
}
