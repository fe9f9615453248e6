import { Building2, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { paths, withQuery } from '#shared/paths';
import { clientMessages as m, type Client } from '#shared/schemas/clients';
import { DeleteDialog } from '#web/components/delete-dialog';
import { PagedQueryCard } from '#web/components/query-card';
import { Button } from '#web/components/ui/button';
import { DeleteButton } from '#web/components/ui/delete-button';
import { EmptyState, PageHeader } from '#web/components/ui/page-states';
import { ActionsHeader, Table, Td, Th } from '#web/components/ui/table';
import { pageOnly, useListParams } from '#web/lib/use-list-params';
import { useClientPage, useDeleteClient } from '../api/client-queries';
import { ClientDialog } from './client-dialog';

const PAGE_SIZE = 25;

/** /dashboard/clients (docs/product.md#clients): the agency's clients, add, edit with logo, delete. */
export function ClientsPage() {
  const [{ page }, set] = useListParams(pageOnly.read, pageOnly.defaults);
  const [editing, setEditing] = useState<Client | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Client | null>(null);
  const query = useClientPage({ page, pageSize: PAGE_SIZE });
  const remove = useDeleteClient();
  const add = (
    <Button onClick={() => setEditing(null)}>
      <Plus aria-hidden className="size-4" /> Add Client
    </Button>
  );

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-8">
      <PageHeader
        title="Clients"
        subtitle="Who you build links for: their sites and where their reports go"
        actions={add}
      />
      <PagedQueryCard
        query={query}
        errorMessage={m.loadFailed}
        pager={{ page, pageSize: PAGE_SIZE, onPageChange: (next) => set({ page: next }), noun: 'clients' }}
        empty={
          <EmptyState icon={Building2} title="No clients yet" action={add}>
            Add the clients you work for, then give each campaign its client to see spend per client.
          </EmptyState>
        }
      >
        {(data) => (
          <Table className="min-w-[40rem]">
            <thead>
              <tr>
                <Th>Client</Th>
                <Th>Domains</Th>
                <Th>Report addresses</Th>
                <Th>Campaigns</Th>
                <ActionsHeader />
              </tr>
            </thead>
            <tbody>
              {data.items.map((c) => (
                <tr key={c.id}>
                  <Td>
                    <span className="flex items-center gap-2">
                      {c.logoUrl ? (
                        <img src={c.logoUrl} alt="" className="size-8 rounded object-contain" />
                      ) : (
                        <span
                          aria-hidden
                          className="flex size-8 items-center justify-center rounded bg-slate-100 text-xs font-semibold dark:bg-slate-800"
                        >
                          {c.name.slice(0, 2).toUpperCase()}
                        </span>
                      )}
                      <a
                        className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                        href={withQuery(paths.placements, { client: c.id })}
                      >
                        {c.name}
                      </a>
                    </span>
                  </Td>
                  <Td className="break-all">{c.domains.join(', ') || '—'}</Td>
                  <Td className="break-all">{c.reportEmails.join(', ') || '—'}</Td>
                  <Td>{c.campaignCount}</Td>
                  <Td className="whitespace-nowrap text-right">
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8"
                      aria-label={`Edit ${c.name}`}
                      title="Edit"
                      onClick={() => setEditing(c)}
                    >
                      <Pencil aria-hidden className="size-4" />
                    </Button>
                    <DeleteButton label={`Delete ${c.name}`} onClick={() => setDeleting(c)} />
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </PagedQueryCard>
      <ClientDialog client={editing} onClose={() => setEditing(undefined)} />
      <DeleteDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title="Delete client"
        description={(c) => `Delete ${c.name}? Its campaigns and placements stay, without a client.`}
        remove={remove}
        done={m.deleted}
        failed={m.deleteFailed}
      />
    </div>
  );
}
