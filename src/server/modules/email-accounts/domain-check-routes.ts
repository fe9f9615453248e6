import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dkimSelectorsInputSchema,
  domainCheckPaths,
  mailboxDomainCheckSchema,
} from '../../../shared/schemas/domain-check';
import { domainCheckSchema } from '../../../shared/schemas/mail-health';
import { actor, workspaceId } from '../../auth/session';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  getMailboxDomainCheck,
  refreshMailboxDomainCheck,
  setDkimSelectors,
} from '../../outreach/dns/mailbox-domain-check';
import { mailDnsFromConfig } from '../../outreach/dns/resolver';
import { mailboxIdParams } from '../../http/params';
import { assertMayChangeMailboxById } from './service';

/**
 * A mailbox's sender-domain check (docs/decisions/015-sender-domain-and-address-checks.md): the
 * stored SPF/DKIM/DMARC check and DKIM selectors, checking again now, and setting the selectors.
 * Only the workspace's mailboxes; another workspace's id answers 404. The selectors are a mailbox
 * setting: only the member who connected it or Full Access may set them (docs/product.md#roles).
 */
export function domainCheckRoutes({ db, config }: { db: Database; config: Config }): FastifyPluginAsyncZod {
  const dns = mailDnsFromConfig(config);
  return async (app) => {
    const tags = ['email accounts'];

    app.get(
      domainCheckPaths.check,
      { schema: { tags, params: mailboxIdParams, response: { 200: mailboxDomainCheckSchema } } },
      async (request) => getMailboxDomainCheck(db, workspaceId(request), request.params.id),
    );
    app.post(
      domainCheckPaths.check,
      { schema: { tags, params: mailboxIdParams, response: { 200: domainCheckSchema } } },
      async (request) =>
        refreshMailboxDomainCheck(db, dns, request.params.id, new Date(), workspaceId(request)),
    );
    app.put(
      domainCheckPaths.selectors,
      {
        schema: {
          tags,
          params: mailboxIdParams,
          body: dkimSelectorsInputSchema,
          response: { 200: mailboxDomainCheckSchema },
        },
      },
      async (request) => {
        const who = actor(request);
        await assertMayChangeMailboxById(db, who, request.params.id);
        return setDkimSelectors(db, who.workspaceId, request.params.id, request.body.selectors);
      },
    );
  };
}
