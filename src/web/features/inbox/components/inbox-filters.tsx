import { useQuery } from '@tanstack/react-query';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { inboxQuerySchema, inboxViewLabels, inboxViews, type InboxView } from '#shared/schemas/inbox';
import { Button } from '#web/components/ui/button';
import { Checkbox } from '#web/components/ui/checkbox';
import { SearchInput } from '#web/components/ui/search-input';
import { Select } from '#web/components/ui/select';
import { cn } from '#web/lib/cn';
import { useListParams } from '#web/lib/use-list-params';
import { campaignOptionsQuery } from '#web/data/campaign-options';
import { useEmailAccounts } from '#web/data/email-account-queries';
import { useTeamUsers } from '#web/data/team-queries';
import { useInboxLabels } from '../api/inbox-queries';

/**
 * The list's view, filters and search as the URL keeps them. `search` is what the box shows (the
 * request trims it); `page` is unused (the list pages with a cursor) but the URL helper wants it.
 */
export type InboxParams = {
  view: InboxView;
  labelId: string | undefined;
  campaignId: string | undefined;
  mailboxId: string | undefined;
  assignee: string | undefined;
  search: string;
  automatic: 'true' | undefined;
  page: number;
};

const defaults: InboxParams = {
  view: 'all',
  labelId: undefined,
  campaignId: undefined,
  mailboxId: undefined,
  assignee: undefined,
  search: '',
  automatic: undefined,
  page: 1,
};

/** The list's params from the URL query, read with the server's schema; a query it refuses reads as none. */
function readInboxParams(query: Record<string, string>): InboxParams {
  const parsed = inboxQuerySchema.safeParse(query);
  if (!parsed.success) return defaults;
  const { view, labelId, campaignId, mailboxId, assignee, automatic } = parsed.data;
  return {
    view,
    labelId,
    campaignId,
    mailboxId,
    assignee,
    search: query.search ?? '',
    automatic: automatic ? 'true' : undefined,
    page: 1,
  };
}

/**
 * The inbox list's params, kept in the URL's query string (so a reload, the back button and a
 * conversation's link keep them), and `set(patch, { replace })` to change some of them.
 */
export function useInboxParams() {
  return useListParams(readInboxParams, defaults);
}

type SetInboxParams = ReturnType<typeof useInboxParams>[1];

/** How many of the dropdown filters (label, campaign, mailbox, assignee) are set. */
function activeFilterCount(params: InboxParams): number {
  return [params.labelId, params.campaignId, params.mailboxId, params.assignee].filter(Boolean).length;
}

const ANY = 'any';
const orAny = (value: string) => (value === ANY ? undefined : value);

/**
 * The inbox list's controls (docs/product.md#inbox): the views as a segmented control, a search box
 * (the list asks the server once typing rests), a Filters button that shows the label, campaign,
 * mailbox and assignee dropdowns (open from the start when one is set), and the toggle that adds
 * conversations with only auto-replies and bounces.
 */
export function InboxFilters({ params, set }: { params: InboxParams; set: SetInboxParams }) {
  const active = activeFilterCount(params);
  const [open, setOpen] = useState(active > 0);
  const panelId = useId();
  return (
    <div className="space-y-3">
      <div className="flex gap-2">
        <SearchInput
          className="min-w-0 flex-1"
          aria-label="Search conversations"
          placeholder="Search conversations..."
          value={params.search}
          onChange={(e) => set({ search: e.target.value }, { replace: true })}
        />
        <Button
          type="button"
          variant="outline"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className="px-3"
        >
          <SlidersHorizontal aria-hidden className="size-4" />
          Filters
          {active > 0 && (
            <>
              <span className="sr-only">, {active} active</span>
              <span
                aria-hidden
                className="rounded-full bg-indigo-600 px-1.5 text-xs leading-5 font-semibold text-white dark:bg-indigo-500"
              >
                {active}
              </span>
            </>
          )}
        </Button>
      </div>

      <div
        role="group"
        aria-label="View"
        className="flex w-full overflow-x-auto rounded-lg border border-slate-200 bg-slate-100 p-1 dark:border-slate-800 dark:bg-slate-900"
      >
        {inboxViews.map((view) => (
          <button
            key={view}
            type="button"
            aria-pressed={params.view === view}
            onClick={() => set({ view })}
            className={cn(
              'flex-1 cursor-pointer rounded-md px-2 py-1.5 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
              params.view === view
                ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-800 dark:text-white'
                : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
            )}
          >
            {inboxViewLabels[view]}
          </button>
        ))}
      </div>

      {open && <FilterSelects id={panelId} params={params} set={set} active={active} />}

      <Checkbox
        label="Show auto-replies and bounces"
        checked={params.automatic === 'true'}
        onChange={(e) => set({ automatic: e.target.checked ? 'true' : undefined })}
      />
    </div>
  );
}

/**
 * The four dropdowns, mounted only while shown so their options load when wanted. One whose options
 * failed to load is disabled; Assignee always offers Anyone, Me and Unassigned.
 */
function FilterSelects({
  id,
  params,
  set,
  active,
}: {
  id: string;
  params: InboxParams;
  set: SetInboxParams;
  active: number;
}) {
  const labels = useInboxLabels();
  const campaigns = useQuery(campaignOptionsQuery());
  const mailboxes = useEmailAccounts();
  const members = useTeamUsers();
  return (
    <div id={id} className="grid grid-cols-2 gap-2">
      <Select
        aria-label="Filter by label"
        value={params.labelId ?? ANY}
        onValueChange={(v) => set({ labelId: orAny(v) })}
        disabled={labels.isError}
        options={[
          { value: ANY, label: 'All labels' },
          ...(labels.data ?? []).map((l) => ({ value: l.id, label: l.name })),
        ]}
      />
      <Select
        aria-label="Filter by campaign"
        value={params.campaignId ?? ANY}
        onValueChange={(v) => set({ campaignId: orAny(v) })}
        disabled={campaigns.isError}
        options={[
          { value: ANY, label: 'All campaigns' },
          ...(campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name })),
        ]}
      />
      <Select
        aria-label="Filter by mailbox"
        value={params.mailboxId ?? ANY}
        onValueChange={(v) => set({ mailboxId: orAny(v) })}
        disabled={mailboxes.isError}
        options={[
          { value: ANY, label: 'All mailboxes' },
          ...(mailboxes.data ?? []).map((m) => ({ value: m.id, label: m.email })),
        ]}
      />
      <Select
        aria-label="Filter by assignee"
        value={params.assignee ?? ANY}
        onValueChange={(v) => set({ assignee: orAny(v) })}
        options={[
          { value: ANY, label: 'Anyone' },
          { value: 'me', label: 'Me' },
          { value: 'none', label: 'Unassigned' },
          ...(members.data ?? []).map((u) => ({ value: u.id, label: u.name })),
        ]}
      />
      {active > 0 && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="col-span-2 justify-self-start"
          onClick={() =>
            set({ labelId: undefined, campaignId: undefined, mailboxId: undefined, assignee: undefined })
          }
        >
          Clear filters
        </Button>
      )}
    </div>
  );
}
