import { TriangleAlert } from 'lucide-react';
import type { EmailCheck } from '#shared/schemas/mail-health';
import { Tooltip } from '#web/components/ui/tooltip';

/** What the address check found worth a warning, in the user's words; null when nothing is. */
export function emailCheckWarning(check: EmailCheck | null): string | null {
  if (!check) return null;
  if (!check.deliverable) return `Not enrolled: ${check.reason ?? 'this address cannot receive mail.'}`;
  const notes = [
    check.flags.includes('disposable') && 'A disposable address: it may never be read.',
    check.flags.includes('role') &&
      'A role address (info@, support@…): a person’s address gets more replies.',
  ].filter(Boolean);
  return notes.length > 0 ? notes.join(' ') : null;
}

/**
 * A warning icon beside a prospect's address when its check before enrollment refused it (red) or
 * flagged it disposable or role (amber); the reason shows on hover and focus and to screen readers.
 */
export function EmailCheckWarning({ check }: { check: EmailCheck | null }) {
  const warning = emailCheckWarning(check);
  if (!warning) return null;
  return (
    <Tooltip content={<span className="block max-w-64">{warning}</span>} side="top">
      <span
        tabIndex={0}
        role="img"
        aria-label={warning}
        className={`inline-flex shrink-0 rounded focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none ${
          check!.deliverable ? 'text-amber-600 dark:text-amber-400' : 'text-red-600 dark:text-red-400'
        }`}
      >
        <TriangleAlert className="h-3.5 w-3.5" aria-hidden />
      </span>
    </Tooltip>
  );
}
