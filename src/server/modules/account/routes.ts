import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/paths';
import { meSchema, switchWorkspaceSchema } from '../../../shared/schemas/auth';
import {
  savedSendingSettingsSchema,
  sendingSettingsSchema,
  updateProfileSchema,
} from '../../../shared/schemas/settings';
import { activeWorkspace, requireFullAccess, signedInUser, workspaceId } from '../../auth/session';
import {
  getMe,
  type AccountDeps,
  getSendingSettings,
  switchWorkspace,
  updateProfile,
  updateSendingSettings,
} from './service';

/**
 * The signed-in user's own account: `GET /api/me` (profile with role and admin flag), `PUT
 * /api/me/workspace` (switch the workspace the requests without a header act on), `PATCH
 * /api/profile` (the Settings Profile tab; better-auth's update-user route stays unexposed) and
 * `GET`/`PUT /api/profile/sending` (the workspace's sending settings, docs/decisions/009-outreach-sending.md;
 * changed by Full Access members only).
 */
export function accountRoutes(deps: AccountDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(apiPaths.me, { schema: { tags: ['account'], response: { 200: meSchema } } }, async (request) =>
      getMe(deps, signedInUser(request), activeWorkspace(request)),
    );
    app.put(
      apiPaths.activeWorkspace,
      { schema: { tags: ['account'], body: switchWorkspaceSchema, response: { 200: meSchema } } },
      async (request) => switchWorkspace(deps, signedInUser(request), request.body.workspaceId),
    );
    app.patch(
      apiPaths.profile,
      {
        schema: { tags: ['account'], body: updateProfileSchema, response: { 200: meSchema } },
      },
      async (request) => updateProfile(deps, signedInUser(request), activeWorkspace(request), request.body),
    );
    const sendingResponse = { 200: savedSendingSettingsSchema };
    app.get(
      apiPaths.sendingSettings,
      { schema: { tags: ['account'], response: sendingResponse } },
      async (request) => getSendingSettings(db, workspaceId(request)),
    );
    app.put(
      apiPaths.sendingSettings,
      {
        schema: { tags: ['account'], body: sendingSettingsSchema, response: sendingResponse },
      },
      async (request) => {
        requireFullAccess(request);
        return updateSendingSettings(db, workspaceId(request), request.body);
      },
    );
  };
}
