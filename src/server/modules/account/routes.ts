import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/paths';
import { meSchema } from '../../../shared/schemas/auth';
import {
  savedSendingSettingsSchema,
  sendingSettingsSchema,
  updateProfileSchema,
} from '../../../shared/schemas/settings';
import { signedInUser, userId } from '../../auth/session';
import type { Database } from '../../db/client';
import { getMe, getSendingSettings, updateProfile, updateSendingSettings } from './service';

/**
 * The signed-in user's own account: `GET /api/me` (profile with role and admin flag), `PATCH
 * /api/profile` (the Settings Profile tab; better-auth's update-user route stays unexposed) and
 * `GET`/`PUT /api/profile/sending` (the tab's sending settings, docs/decisions/009-outreach-sending.md).
 */
export function accountRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(apiPaths.me, { schema: { tags: ['account'], response: { 200: meSchema } } }, async (request) =>
      getMe(db, signedInUser(request)),
    );
    app.patch(
      apiPaths.profile,
      {
        schema: { tags: ['account'], body: updateProfileSchema, response: { 200: meSchema } },
      },
      async (request) => updateProfile(db, signedInUser(request), request.body),
    );
    const sendingResponse = { 200: savedSendingSettingsSchema };
    app.get(
      apiPaths.sendingSettings,
      { schema: { tags: ['account'], response: sendingResponse } },
      async (request) => getSendingSettings(db, userId(request)),
    );
    app.put(
      apiPaths.sendingSettings,
      {
        schema: { tags: ['account'], body: sendingSettingsSchema, response: sendingResponse },
      },
      async (request) => updateSendingSettings(db, userId(request), request.body),
    );
  };
}
