import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths } from '../../../shared/paths';
import { okSchema } from '../../../shared/schemas/api';
import { workspaceSummarySchema } from '../../../shared/schemas/auth';
import {
  acceptInvitationSchema,
  createInvitationSchema,
  invitationPreviewSchema,
  invitationSchema,
  issuedInvitationSchema,
} from '../../../shared/schemas/invitations';
import { activeWorkspace, actor, signedInUser } from '../../auth/session';
import { idParams } from '../../http/params';
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
  type InvitationDeps,
} from './service';

const tags = ['invitations'];

/**
 * Invitations of the signed-in scope (docs/decisions/023-workspaces-and-roles.md): list, create,
 * re-send and revoke (Full Access), and accept (any signed-in user with the invited address).
 */
export function invitationRoutes(deps: InvitationDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.invitations,
      { schema: { tags, response: { 200: z.array(invitationSchema) } } },
      async (request) => listInvitations(deps.db, actor(request)),
    );
    app.post(
      apiPaths.invitations,
      { schema: { tags, body: createInvitationSchema, response: { 201: issuedInvitationSchema } } },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await createInvitation(
              deps,
              actor(request),
              signedInUser(request),
              activeWorkspace(request),
              request.body,
            ),
          ),
    );
    app.post(
      apiPaths.invitationResend,
      { schema: { tags, params: idParams, response: { 200: issuedInvitationSchema } } },
      async (request) =>
        resendInvitation(
          deps,
          actor(request),
          signedInUser(request),
          activeWorkspace(request),
          request.params.id,
        ),
    );
    app.delete(
      apiPaths.invitation,
      { schema: { tags, params: idParams, response: { 200: okSchema } } },
      async (request) => {
        await revokeInvitation(deps.db, actor(request), request.params.id);
        return { ok: true as const };
      },
    );
    app.post(
      apiPaths.invitationAccept,
      {
        config: { workspaceOptional: true },
        schema: {
          tags,
          body: acceptInvitationSchema,
          response: { 200: workspaceSummarySchema.pick({ id: true, name: true }) },
        },
      },
      async (request) => acceptInvitation(deps, signedInUser(request), request.body.token),
    );
  };
}

/** The public preview of an invitation link: what it invites to, before the visitor signs in or up. */
export function invitationPreviewRoutes({ db }: Pick<InvitationDeps, 'db'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.invitationPreview,
      {
        schema: {
          tags,
          params: z.object({ token: z.string().min(1).max(200) }),
          response: { 200: invitationPreviewSchema },
        },
      },
      async (request) => previewInvitation(db, request.params.token),
    );
  };
}
