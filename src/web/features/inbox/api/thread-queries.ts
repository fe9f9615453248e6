import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths, withId } from '#shared/paths';
import {
  answerDraftSchema,
  inboxThreadSchema,
  labelThreadResultSchema,
  prospectNoteSchema,
  type AnswerInput,
  type InboxThread,
  type ProspectNote,
} from '#shared/schemas/inbox';
import type { ProspectStatus } from '#shared/schemas/prospects';
import { teamUserSchema } from '#shared/schemas/settings';
import { apiRequest } from '#web/lib/api-client';
import { inboxKey } from '#web/lib/query-keys';

/** The cache key of one conversation; under `inboxKey`, so the inbox's live events refresh it. */
export const threadKey = (threadId: string) => [...inboxKey, 'thread', threadId] as const;

/** The members a conversation can be assigned to; under `inboxKey` so a member change reaches the inbox too. */
export const threadMembersKey = [...inboxKey, 'members'] as const;

/**
 * Refreshes the inbox's lists and counts but not the open conversation, whose new state the caller
 * already holds: refetching it would only repeat the same answer.
 */
function invalidateInboxLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: inboxKey,
    predicate: (query) => query.queryKey[1] !== 'thread',
  });
}

/** Refreshes everything of the inbox, the open conversation included. */
function invalidateInbox(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: inboxKey });
}

/** Updates the cached conversation in place, when it is cached. */
function patchThread(
  queryClient: QueryClient,
  threadId: string,
  patch: (thread: InboxThread) => InboxThread,
) {
  queryClient.setQueryData<InboxThread>(threadKey(threadId), (current) => current && patch(current));
}

/** GET /api/inbox/threads/:id: the conversation, the prospect's card, the member's draft and the notes. */
export function useInboxThread(threadId: string) {
  return useQuery({
    queryKey: threadKey(threadId),
    queryFn: ({ signal }) =>
      apiRequest(withId(apiPaths.inboxThread, threadId), { schema: inboxThreadSchema, signal }),
  });
}

/** GET /api/users: the workspace's members, to assign a conversation to. */
export function useThreadMembers() {
  return useQuery({
    queryKey: threadMembersKey,
    queryFn: ({ signal }) => apiRequest(apiPaths.users, { schema: z.array(teamUserSchema), signal }),
    staleTime: 5 * 60_000,
  });
}

/** PUT /api/inbox/threads/:id/read: marks the conversation read or unread for the signed-in member. */
export function useMarkThreadRead(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (read: boolean) =>
      apiRequest(withId(apiPaths.inboxThreadRead, threadId), { method: 'PUT', body: { read } }),
    onSuccess: (_data, read) => {
      patchThread(queryClient, threadId, (t) => ({ ...t, thread: { ...t.thread, unread: !read } }));
      return invalidateInboxLists(queryClient);
    },
  });
}

/** What PUT /api/inbox/threads/:id/label takes: a label (or null) and, for an undo, the status to put back. */
export interface LabelThreadVariables {
  labelId: string | null;
  restoreStatus?: ProspectStatus;
}

/** PUT /api/inbox/threads/:id/label: sets or clears the label; answers what changed, for the undo. */
export function useLabelThread(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LabelThreadVariables) =>
      apiRequest(withId(apiPaths.inboxThreadLabel, threadId), {
        method: 'PUT',
        body: input,
        schema: labelThreadResultSchema,
      }),
    // The label may change the prospect's status, which the card shows: refetch the conversation too.
    onSettled: () => invalidateInbox(queryClient),
  });
}

/** PUT /api/inbox/threads/:id/assignee: assigns the conversation to a member, or with null unassigns it. */
export function useAssignThread(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assigneeId: string | null) =>
      apiRequest(withId(apiPaths.inboxThreadAssignee, threadId), { method: 'PUT', body: { assigneeId } }),
    onSettled: () => invalidateInbox(queryClient),
  });
}

/** PUT /api/inbox/threads/:id/reminder: a reminder in `days` days, or with null none. */
export function useSetThreadReminder(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: number | null) =>
      apiRequest(withId(apiPaths.inboxThreadReminder, threadId), {
        method: 'PUT',
        body: { days },
        schema: z.object({ remindAt: z.string().nullable() }),
      }),
    onSuccess: ({ remindAt }) => {
      patchThread(queryClient, threadId, (t) => ({ ...t, thread: { ...t.thread, remindAt } }));
      return invalidateInboxLists(queryClient);
    },
  });
}

/**
 * PUT /api/inbox/threads/:id/draft: the composer's autosave. The cache is not touched: the composer
 * holds the text, and a refetch of the conversation must not pull it back mid-typing.
 */
export function useSaveAnswerDraft(threadId: string) {
  return useMutation({
    mutationFn: (input: AnswerInput) =>
      apiRequest(withId(apiPaths.inboxThreadDraft, threadId), {
        method: 'PUT',
        body: input,
        schema: answerDraftSchema,
      }),
  });
}

/** POST /api/inbox/threads/:id/answer: sends the answer; the conversation as it is now replaces the cached one. */
export function useSendAnswer(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnswerInput) =>
      apiRequest(withId(apiPaths.inboxThreadAnswer, threadId), {
        method: 'POST',
        body: input,
        schema: inboxThreadSchema,
      }),
    onSuccess: (thread) => {
      queryClient.setQueryData(threadKey(threadId), thread);
      return invalidateInboxLists(queryClient);
    },
  });
}

/** POST /api/prospects/:id/notes: adds a note to the prospect shown in conversation `threadId`. */
export function useAddProspectNote(threadId: string, prospectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest(withId(apiPaths.prospectNotes, prospectId), {
        method: 'POST',
        body: { body },
        schema: prospectNoteSchema,
      }),
    onSuccess: (note: ProspectNote) =>
      patchThread(queryClient, threadId, (t) =>
        t.notes.some((n) => n.id === note.id) ? t : { ...t, notes: [...t.notes, note] },
      ),
  });
}

/** DELETE /api/prospect-notes/:id: the author or a Full Access member removes a note. */
export function useDeleteProspectNote(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) => apiRequest(withId(apiPaths.prospectNote, noteId), { method: 'DELETE' }),
    onSuccess: (_data, noteId) =>
      patchThread(queryClient, threadId, (t) => ({ ...t, notes: t.notes.filter((n) => n.id !== noteId) })),
  });
}
