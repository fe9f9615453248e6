import { Mails, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { sequenceMessages as m, type Sequence } from '#shared/schemas/sequences';
import { DeleteDialog } from '#web/components/delete-dialog';
import { PagedQueryCard } from '#web/components/query-card';
import { Button } from '#web/components/ui/button';
import { DeleteButton } from '#web/components/ui/delete-button';
import { EmptyState, PageHeader } from '#web/components/ui/page-states';
import { formatDate } from '#web/lib/format';
import { useDeleteSequence, useSequencePage } from '#web/data/sequence-queries';
import { sequenceDurationDays } from '../sequence-values';
import { SequenceDialog } from './sequence-dialog';
import { pageOnly, useListParams } from '#web/lib/use-list-params';

const PAGE_SIZE = 20;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** /dashboard/sequences (docs/product.md#email-accounts-and-sequences): the user's email sequences with create, edit and delete. */
export function SequencesPage() {
  const [{ page }, set] = useListParams(pageOnly.read, pageOnly.defaults);
  const setPage = (next: number) => set({ page: next });
  const [dialog, setDialog] = useState<{ sequence: Sequence | null } | null>(null);
  const [deleting, setDeleting] = useState<Sequence | null>(null);
  const query = useSequencePage({ page, pageSize: PAGE_SIZE });
  const remove = useDeleteSequence();
  const create = () => setDialog({ sequence: null });

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-8">
      <PageHeader
        title="Email Sequences"
        subtitle="Multi-step outreach emails with automatic follow-ups"
        actions={
          <Button onClick={create}>
            <Plus aria-hidden className="size-4" /> New Sequence
          </Button>
        }
      />
      <PagedQueryCard
        query={query}
        errorMessage={m.loadFailed}
        pager={{ page, pageSize: PAGE_SIZE, onPageChange: setPage, noun: 'sequences' }}
        empty={
          <EmptyState
            icon={Mails}
            title="No sequences yet"
            action={
              <Button onClick={create}>
                <Plus aria-hidden className="size-4" /> Create Your First Sequence
              </Button>
            }
          >
            A sequence is the first email and up to two follow-ups sent to each prospect of a campaign.
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {data.items.map((s) => {
              const days = sequenceDurationDays(s.steps);
              return (
                <li key={s.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-4 sm:px-6">
                  <div className="min-w-0 flex-1">
                    <h2 className="truncate font-semibold">{s.name}</h2>
                    <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
                      {plural(s.steps.length, 'step')} · {days === 0 ? 'Single email' : plural(days, 'day')} ·
                      Created {formatDate(s.createdAt)}
                    </p>
                  </div>
                  <div className="flex items-center gap-1">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Edit ${s.name}`}
                      onClick={() => setDialog({ sequence: s })}
                    >
                      <Pencil aria-hidden className="size-4" /> Edit
                    </Button>
                    <DeleteButton label={`Delete ${s.name}`} onClick={() => setDeleting(s)} />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </PagedQueryCard>
      <SequenceDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        sequence={dialog?.sequence ?? null}
      />
      <DeleteDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title="Delete Sequence"
        description={(s) => (
          <>
            Delete the sequence <strong>{s.name}</strong>? This cannot be undone.
          </>
        )}
        remove={remove}
        done={m.deleted}
        failed={m.deleteFailed}
        onDeleted={() => {
          // The last row of a later page is gone: show the page before instead of an empty one.
          if (page > 1 && query.data?.items.length === 1) setPage(page - 1);
        }}
      />
    </div>
  );
}
