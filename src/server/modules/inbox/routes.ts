import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import { okSchema } from '../../../shared/schemas/api';
import {
  answerDraftSchema,
  answerInputSchema,
  assignInputSchema,
  inboxLabelInputSchema,
  inboxLabelSchema,
  inboxPageSchema,
  inboxQuerySchema,
  inboxThreadSchema,
  inboxUnreadSchema,
  labelThreadInputSchema,
  labelThreadResultSchema,
  prospectNoteInputSchema,
  prospectNoteSchema,
  readInputSchema,
  reminderInputSchema,
} from '../../../shared/schemas/inbox';
import { actor, userId, workspaceId } from '../../auth/session';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { idParams } from '../../http/params';
import type { OutreachKeys } from '../../keys';
import { saveDraft, sendThreadAnswer } from './answers-service';
import { assignThread, getThread, labelThread, markRead, setReminder } from './conversation-service';
import { createLabel, deleteLabel, listLabels, updateLabel } from './labels-service';
import { addNote, deleteNote, prospectNotesOf } from './notes-service';
import { listThreads, unreadCount } from './threads-service';

const ok = { ok: true as const };

/**
 * The inbox (docs/product.md#inbox, docs/decisions/024-inbox.md): the workspace's conversations
 * with prospects, each member's read state and drafts, labels, assignment, reminders, notes, and
 * answers sent from the conversation's mailbox. Every member of the workspace may use all of it.
 */
export function inboxRoutes(deps: {
  db: Database;
  config: Config;
  keys: OutreachKeys;
}): FastifyPluginAsyncZod {
  const { db, config } = deps;
  return async (app) => {
    const tags = ['inbox'];
    app.get(
      apiPaths.inboxThreads,
      { schema: { tags, querystring: inboxQuerySchema, response: { 200: inboxPageSchema } } },
      async (request) => listThreads(db, workspaceId(request), userId(request), request.query, new Date()),
    );
    app.get(
      apiPaths.inboxUnread,
      { schema: { tags, response: { 200: inboxUnreadSchema } } },
      async (request) => ({ unread: await unreadCount(db, workspaceId(request), userId(request)) }),
    );
    app.get(
      apiPaths.inboxThread,
      { schema: { tags, params: idParams, response: { 200: inboxThreadSchema } } },
      async (request) => getThread(db, workspaceId(request), userId(request), request.params.id),
    );
    app.put(
      apiPaths.inboxThreadRead,
      { schema: { tags, params: idParams, body: readInputSchema, response: { 200: okSchema } } },
      async (request) => {
        await markRead(db, workspaceId(request), userId(request), request.params.id, request.body.read);
        return ok;
      },
    );
    app.put(
      apiPaths.inboxThreadLabel,
      {
        schema: {
          tags,
          params: idParams,
          body: labelThreadInputSchema,
          response: { 200: labelThreadResultSchema },
        },
      },
      async (request) =>
        labelThread(db, actor(request), request.params.id, request.body.labelId, request.body.restoreStatus),
    );
    app.put(
      apiPaths.inboxThreadAssignee,
      { schema: { tags, params: idParams, body: assignInputSchema, response: { 200: okSchema } } },
      async (request) => {
        await assignThread(db, actor(request), request.params.id, request.body.assigneeId);
        return ok;
      },
    );
    app.put(
      apiPaths.inboxThreadReminder,
      {
        schema: {
          tags,
          params: idParams,
          body: reminderInputSchema,
          response: { 200: z.object({ remindAt: z.string().nullable() }) },
        },
      },
      async (request) => ({
        remindAt: await setReminder(db, actor(request), request.params.id, request.body.days, {
          now: new Date(),
          dayMs: 24 * config.OUTREACH_HOUR_MS,
        }),
      }),
    );
    app.put(
      apiPaths.inboxThreadDraft,
      { schema: { tags, params: idParams, body: answerInputSchema, response: { 200: answerDraftSchema } } },
      async (request) => saveDraft(db, actor(request), request.params.id, request.body),
    );
    app.post(
      apiPaths.inboxThreadAnswer,
      { schema: { tags, params: idParams, body: answerInputSchema, response: { 201: inboxThreadSchema } } },
      async (request, reply) => {
        const who = actor(request);
        await sendThreadAnswer(db, deps, who, request.params.id, request.body);
        return reply.status(201).send(await getThread(db, who.workspaceId, who.userId, request.params.id));
      },
    );

    app.get(
      apiPaths.inboxLabels,
      { schema: { tags, response: { 200: z.array(inboxLabelSchema) } } },
      async (request) => listLabels(db, workspaceId(request)),
    );
    app.post(
      apiPaths.inboxLabels,
      { schema: { tags, body: inboxLabelInputSchema, response: { 201: inboxLabelSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createLabel(db, workspaceId(request), request.body)),
    );
    app.patch(
      apiPaths.inboxLabel,
      {
        schema: { tags, params: idParams, body: inboxLabelInputSchema, response: { 200: inboxLabelSchema } },
      },
      async (request) => updateLabel(db, workspaceId(request), request.params.id, request.body),
    );
    app.delete(
      apiPaths.inboxLabel,
      { schema: { tags, params: idParams, response: { 200: okSchema } } },
      async (request) => {
        await deleteLabel(db, workspaceId(request), request.params.id);
        return ok;
      },
    );

    app.get(
      apiPaths.prospectNotes,
      { schema: { tags, params: idParams, response: { 200: z.array(prospectNoteSchema) } } },
      async (request) => prospectNotesOf(db, workspaceId(request), request.params.id),
    );
    app.post(
      apiPaths.prospectNotes,
      {
        schema: {
          tags,
          params: idParams,
          body: prospectNoteInputSchema,
          response: { 201: prospectNoteSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await addNote(db, actor(request), request.params.id, request.body.body)),
    );
    app.delete(
      apiPaths.prospectNote,
      { schema: { tags, params: idParams, response: { 200: okSchema } } },
      async (request) => {
        await deleteNote(db, actor(request), request.params.id);
        return ok;
      },
    );
  };
}
