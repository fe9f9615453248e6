import { Ban } from 'lucide-react';
import { toast } from 'sonner';
import { domainMemoryMessages as m, type Contact } from '#shared/schemas/prospects';
import { Button } from '#web/components/ui/button';
import { formatDate } from '#web/lib/format';
import { useSetDoNotContact } from '../api/domain-memory-mutations';
import { displayHost } from '#shared/display-host';

/**
 * What the user's campaigns remember about the contact's domain (docs/decisions/011-replies-history-and-domain-memory.md), shown under its
 * status only when it adds something: the domain is marked do-not-contact, or another campaign
 * contacted it last (when, by which campaign, with what outcome).
 */
export function DomainMemoryNote({ contact }: { contact: Contact }) {
  const memory = contact.domainMemory;
  if (memory?.doNotContact)
    return <div className="mt-1 text-xs font-medium text-red-700 dark:text-red-300">Do not contact</div>;
  if (!memory?.lastContactedAt || memory.campaignId === contact.campaignId) return null;
  const outcome = memory.outcome && memory.outcome !== 'pending' ? `, ${memory.outcome}` : '';
  return (
    <div
      className="mt-1 max-w-44 text-xs text-slate-500 dark:text-slate-400"
      title={displayHost(contact.domain)}
    >
      Contacted {formatDate(memory.lastContactedAt)} by {memory.campaignName ?? 'a deleted campaign'}
      {outcome}
    </div>
  );
}

/** Marks the contact's whole domain do-not-contact, or allows it again (an icon button for the actions cell). */
export function DoNotContactButton({ contact }: { contact: Contact }) {
  const toggle = useSetDoNotContact();
  const blocked = contact.domainMemory?.doNotContact ?? false;
  const flip = () =>
    toggle.mutate(
      { domain: contact.domain, doNotContact: !blocked },
      {
        onSuccess: () => toast.success(blocked ? m.doNotContactOff : m.doNotContactOn),
        onError: () => toast.error(m.updateFailed),
      },
    );
  return (
    <Button
      size="icon"
      variant="ghost"
      aria-pressed={blocked}
      aria-label={`${blocked ? 'Allow contact with' : 'Do not contact'} ${displayHost(contact.domain)}`}
      title={blocked ? 'Do not contact: click to allow again' : 'Never contact this domain again'}
      disabled={toggle.isPending}
      onClick={flip}
      className={blocked ? 'text-red-600 dark:text-red-400' : 'text-slate-500 dark:text-slate-400'}
    >
      <Ban aria-hidden className="size-4" />
    </Button>
  );
}
