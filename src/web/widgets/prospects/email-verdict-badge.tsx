import { CircleCheck, CircleHelp, CircleX, ShieldAlert } from 'lucide-react';
import { verdictLabels, verifierLabels, type EmailVerification } from '#shared/schemas/email-verification';
import { formatDate } from '#web/lib/format';
import { Tooltip } from '#web/components/ui/tooltip';

const styles = {
  deliverable: { icon: CircleCheck, className: 'text-emerald-600 dark:text-emerald-400' },
  undeliverable: { icon: CircleX, className: 'text-red-600 dark:text-red-400' },
  risky: { icon: ShieldAlert, className: 'text-amber-600 dark:text-amber-400' },
  unknown: { icon: CircleHelp, className: 'text-slate-500 dark:text-slate-400' },
} as const;

/** "Deliverable — The mailbox exists (Hunter, 29 Nov 2026)": a verification in words. */
export function verificationSentence(v: EmailVerification): string {
  return `${verdictLabels[v.verdict]} — ${v.detail} (${verifierLabels[v.source]}, ${formatDate(v.checkedAt)})`;
}

/**
 * The verdict of a prospect's address beside it (docs/decisions/047-address-verification.md): an
 * icon coloured by verdict whose label, source and date show on hover and focus and to screen
 * readers; nothing when the address was never verified.
 */
export function EmailVerdictBadge({ verification }: { verification: EmailVerification | null }) {
  if (!verification) return null;
  const { icon: Icon, className } = styles[verification.verdict];
  const sentence = verificationSentence(verification);
  return (
    <Tooltip content={<span className="block max-w-64">{sentence}</span>} side="top">
      <span
        tabIndex={0}
        role="img"
        aria-label={sentence}
        className={`inline-flex shrink-0 rounded focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none ${className}`}
      >
        <Icon className="h-3.5 w-3.5" aria-hidden />
      </span>
    </Tooltip>
  );
}
