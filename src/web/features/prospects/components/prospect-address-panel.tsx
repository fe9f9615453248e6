import { MailSearch, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  emailVerificationMessages as m,
  verdictLabels,
  type AddressCandidate,
} from '#shared/schemas/email-verification';
import type { Prospect } from '#shared/schemas/prospects';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { refusalMessage } from '#web/lib/form-errors';
import {
  useFindAddressCandidates,
  useUseCandidateAddress,
  useVerifyProspectAddress,
} from '#web/data/email-verification-queries';
import { EmailVerdictBadge, verificationSentence } from '#web/widgets/prospects/email-verdict-badge';

/**
 * The prospect's address in the history drawer (docs/decisions/047-address-verification.md): its
 * verdict with source and date and Verify Address; without an address but with a person's name,
 * Find Address lists candidate addresses with their confidence and verdict, and Use sets one — an
 * address not verified deliverable only after the user confirms it.
 */
export function ProspectAddressPanel({ prospect }: { prospect: Prospect }) {
  const verify = useVerifyProspectAddress();
  if (prospect.contactEmail)
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <EmailVerdictBadge verification={prospect.emailVerification} />
        <span className="text-slate-600 dark:text-slate-400">
          {prospect.emailVerification
            ? verificationSentence(prospect.emailVerification)
            : 'Address not verified'}
        </span>
        <Button
          size="sm"
          variant="outline"
          loading={verify.isPending}
          onClick={() =>
            verify.mutate(prospect.id, {
              onSuccess: (v) => toast.success(`${verdictLabels[v.verdict]}: ${v.detail}`),
              onError: (e) => toast.error(refusalMessage(e, m.nothingToVerify)),
            })
          }
        >
          <ShieldCheck aria-hidden className="size-4" /> Verify Address
        </Button>
      </div>
    );
  if (!prospect.contactName) return null;
  return <FindAddress prospect={prospect} />;
}

function FindAddress({ prospect }: { prospect: Prospect }) {
  const find = useFindAddressCandidates();
  const use = useUseCandidateAddress(prospect.id);
  const [confirming, setConfirming] = useState<AddressCandidate | null>(null);
  const choose = (candidate: AddressCandidate, allowUnverified: boolean) =>
    use.mutate(
      { email: candidate.email, allowUnverified },
      {
        onSuccess: () => {
          setConfirming(null);
          toast.success(`${candidate.email} is now the contact address`);
        },
        onError: (e) => toast.error(refusalMessage(e, m.unverifiedNeedsConsent)),
      },
    );
  return (
    <div className="space-y-2 text-sm">
      <Button size="sm" variant="outline" loading={find.isPending} onClick={() => find.mutate(prospect.id)}>
        <MailSearch aria-hidden className="size-4" /> Find Address
      </Button>
      {find.isError && (
        <p className="text-red-700 dark:text-red-400">{refusalMessage(find.error, m.noName)}</p>
      )}
      {find.data && find.data.candidates.length === 0 && (
        <p className="text-slate-600 dark:text-slate-400">
          No candidate address could be made from this name.
        </p>
      )}
      {find.data && find.data.candidates.length > 0 && (
        <ul aria-label="Candidate addresses" className="divide-y divide-slate-200 dark:divide-slate-800">
          {find.data.candidates.map((c) => (
            <li key={c.email} className="flex items-center gap-2 py-1.5">
              <EmailVerdictBadge verification={c.verification} />
              <span className="min-w-0 flex-1 truncate" title={c.email}>
                {c.email}
              </span>
              <span className="text-xs text-slate-500 dark:text-slate-400">
                {c.confidence}% · {c.learned ? 'this domain’s pattern' : c.pattern}
                {c.verification ? '' : ' · not verified'}
              </span>
              <Button
                size="sm"
                variant="outline"
                disabled={c.verification?.verdict === 'undeliverable' || use.isPending}
                onClick={() =>
                  c.verification?.verdict === 'deliverable' ? choose(c, false) : setConfirming(c)
                }
              >
                Use
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Use an unverified address?"
        description={`${confirming?.email ?? ''} is not verified as deliverable. Sending to it may bounce and hurt your mailbox's reputation.`}
        confirmLabel="Use Anyway"
        pending={use.isPending}
        onConfirm={() => confirming && choose(confirming, true)}
      />
    </div>
  );
}
