import { Ban } from 'lucide-react';
import { toast } from 'sonner';
import { domainMemoryMessages as m, type Contact } from '../../../../shared/schemas/prospects';
import { Button } from '../../../components/ui/button';
import { Td } from '../../../components/ui/table';
import { ProspectStatusBadge } from '../../campaigns/components/prospect-status-badge';
import { formatDate } from '../../../lib/format';
import { useSetDoNotContact } from '../api/domain-memory-mutations';

/**
 * What the user's campaigns remember about the contact's domain (issue 7 §5): when it was last
 * contacted and by which campaign, the outcome, and a do-not-contact toggle for the whole domain.
 */
export function DomainMemoryCell({ contact }: { contact: Contact }) {
  const memory = contact.domainMemory;
  const toggle = useSetDoNotContact();
  const blocked = memory?.doNotContact ?? false;
  const flip = () =>
    toggle.mutate(
      { domain: contact.domain, doNotContact: !blocked },
      {
        onSuccess: () => toast.success(blocked ? m.doNotContactOff : m.doNotContactOn),
        onError: () => toast.error(m.updateFailed),
      },
    );

  return (
    <Td className="min-w-48" title={contact.domain}>
      <div className="space-y-1 text-xs">
        <div className="flex items-center gap-2 whitespace-nowrap text-slate-600 dark:text-slate-400">
          {memory?.outcome && memory.outcome !== 'pending' && <ProspectStatusBadge status={memory.outcome} />}
          {memory?.lastContactedAt ? formatDate(memory.lastContactedAt) : 'Never contacted'}
        </div>
        {memory?.lastContactedAt && (
          <div className="max-w-48 truncate text-slate-500 dark:text-slate-400">
            by {memory.campaignName ?? 'a deleted campaign'}
          </div>
        )}
        <Button
          size="xs"
          variant="outline"
          aria-pressed={blocked}
          aria-label={`${blocked ? 'Allow contact with' : 'Do not contact'} ${contact.domain}`}
          title={blocked ? 'Do not contact: click to allow again' : 'Never contact this domain again'}
          disabled={toggle.isPending}
          onClick={flip}
          className={
            blocked
              ? 'border-red-300 bg-red-50 text-red-700 hover:bg-red-100 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-300 dark:hover:bg-red-500/20'
              : undefined
          }
        >
          <Ban aria-hidden className="size-3.5" />
          {blocked ? 'Do not contact' : 'Block domain'}
        </Button>
      </div>
    </Td>
  );
}
