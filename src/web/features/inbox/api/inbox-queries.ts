import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths, withId, withQuery } from '#shared/paths';
import {
  inboxLabelSchema,
  inboxPageSchema,
  type InboxLabelInput,
  type InboxView,
} from '#shared/schemas/inbox';
import { apiRequest } from '#web/lib/api-client';
import { inboxKey } from '#web/lib/query-keys';

export { inboxUnreadQuery, useInboxUnread } from '#web/lib/inbox-unread';

/**
 * What the list shows (docs/product.md#inbox): a view and optional filters, as the URL keeps them.
 * `assignee` is a member's id, 'me' or 'none'; `automatic` is 'true' to include the conversations
 * where the prospect's side sent only auto-replies and bounces; `search` is already trimmed.
 */
export interface InboxFilters {
  view: InboxView;
  labelId?: string | undefined;
  campaignId?: string | undefined;
  mailboxId?: string | undefined;
  assignee?: string | undefined;
  search?: string | undefined;
  automatic?: 'true' | undefined;
}

/** The labels' query key; the list's keys sit beside it under inboxKey. */
const labelsKey = [...inboxKey, 'labels'] as const;

/**
 * GET /api/inbox/threads for these filters, from the page after `cursor` (the first page without
 * one). The default view ('all') is left out, as the server assumes it.
 */
export function inboxThreadsPath(filters: InboxFilters, cursor?: string): string {
  const { view, labelId, campaignId, mailboxId, assignee, search, automatic } = filters;
  return withQuery(apiPaths.inboxThreads, {
    view: view === 'all' ? undefined : view,
    labelId,
    campaignId,
    mailboxId,
    assignee,
    search,
    automatic,
    cursor,
  });
}

/**
 * The conversations for these filters, latest message first, page by page (keyset cursor):
 * `fetchNextPage` adds the next page while `hasNextPage`. Keyed under inboxKey, so the live
 * 'inbox.changed' and 'inbound.applied' events refresh every page on screen.
 */
export function useInboxThreads(filters: InboxFilters) {
  return useInfiniteQuery({
    queryKey: [...inboxKey, 'threads', filters],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(inboxThreadsPath(filters, pageParam), { schema: inboxPageSchema, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** GET /api/inbox/labels: the workspace's labels in their order (`position`), each with the status it sets. */
export function useInboxLabels({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: labelsKey,
    queryFn: ({ signal }) => apiRequest(apiPaths.inboxLabels, { schema: z.array(inboxLabelSchema), signal }),
    select: (labels) => [...labels].sort((a, b) => a.position - b.position),
    enabled,
  });
}

// A label's name and outcome show on conversations and their prospects: refresh the whole inbox.
function useInvalidateInbox() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: inboxKey });
}

/** POST /api/inbox/labels: a new label (name, outcome); a name in use already is refused (409). */
export function useCreateInboxLabel() {
  const invalidate = useInvalidateInbox();
  return useMutation({
    mutationFn: (input: InboxLabelInput) =>
      apiRequest(apiPaths.inboxLabels, { method: 'POST', body: input, schema: inboxLabelSchema }),
    onSuccess: invalidate,
  });
}

/** PATCH /api/inbox/labels/:id: renames a label or changes the status it sets. */
export function useUpdateInboxLabel() {
  const invalidate = useInvalidateInbox();
  return useMutation({
    mutationFn: ({ id, ...input }: InboxLabelInput & { id: string }) =>
      apiRequest(withId(apiPaths.inboxLabel, id), { method: 'PATCH', body: input, schema: inboxLabelSchema }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/inbox/labels/:id (204): the label goes, and with it from every conversation that had it. */
export function useDeleteInboxLabel() {
  const invalidate = useInvalidateInbox();
  return useMutation({
    mutationFn: (id: string) => apiRequest(withId(apiPaths.inboxLabel, id), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
