import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/paths';
import { systemMessages, systemStatusSchema } from '../../../shared/schemas/system';
import { requireFullAccess, workspaceId } from '../../auth/session';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { systemStatus } from './service';

/**
 * `GET /api/system` (docs/product.md#system): the System page's status, for Full Access members
 * only (403 for Members); not on the API-key allow-list, so a key is refused too.
 */
export function systemRoutes({ db, config }: { db: Database; config: Config }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.system,
      { schema: { tags: ['system'], response: { 200: systemStatusSchema } } },
      async (request) => {
        requireFullAccess(request, systemMessages.fullAccessOnly);
        return systemStatus(db, workspaceId(request), { backupScheduled: Boolean(config.BACKUP_CRON) });
      },
    );
  };
}
