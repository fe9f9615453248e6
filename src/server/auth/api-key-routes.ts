import type { FastifyInstance, HTTPMethods } from 'fastify';
import { apiPaths } from '../../shared/paths';
import { apiKeyMessages } from '../../shared/schemas/api-keys';
import { domainCheckPaths } from '../../shared/schemas/domain-check';
import { AppError } from '../http/errors';
import { SESSION_ONLY_SECURITY } from '../http/openapi';
import { bearerToken } from './api-key-secret';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set from API_KEY_ROUTES when the route is registered: a request may bring an API key. */
    acceptsApiKey?: boolean;
    /** The route reads its own Bearer token, never an API key (/metrics and METRICS_TOKEN). */
    ownBearerToken?: boolean;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The public API (docs/decisions/025-public-api-and-webhooks.md): the only routes that accept an
 * API key, by their unversioned path (each also answers under /api/v1) and method; HEAD goes with
 * GET. They act on the workspace's outreach data. Every other route — the account, sessions,
 * members, invitations, API keys, the live event stream, the blog admin, contact messages,
 * uploads, the public site — refuses a key, and so does any route added later until it is listed
 * here.
 */
export const API_KEY_ROUTES: Readonly<Record<string, readonly Method[]>> = {
  [apiPaths.health]: ['GET'],
  [apiPaths.activity]: ['GET'],
  [apiPaths.aiStatus]: ['GET'],
  [apiPaths.campaigns]: ['GET', 'POST'],
  [apiPaths.campaignOptions]: ['GET'],
  [apiPaths.campaign]: ['GET', 'PATCH', 'DELETE'],
  [apiPaths.campaignCollaborators]: ['PUT'],
  [apiPaths.campaignProspects]: ['GET', 'POST'],
  [apiPaths.campaignOutreach]: ['GET', 'PUT'],
  [apiPaths.campaignEnrollment]: ['GET', 'POST'],
  [apiPaths.findProspects]: ['GET', 'POST', 'DELETE'],
  [apiPaths.competitorGap]: ['GET'],
  [apiPaths.competitorGapProspects]: ['POST'],
  [apiPaths.backlinkImports]: ['GET', 'POST'],
  [apiPaths.backlinkImport]: ['GET'],
  [apiPaths.backlinkImportStart]: ['POST'],
  [apiPaths.backlinkIntersect]: ['GET'],
  [apiPaths.campaignInternalLinks]: ['PUT'],
  [apiPaths.campaignFirstLines]: ['GET'],
  [apiPaths.campaignFirstLineSettings]: ['PUT'],
  [apiPaths.prospect]: ['PATCH', 'DELETE'],
  [apiPaths.prospectTimeline]: ['GET'],
  [apiPaths.prospectEnrollment]: ['POST'],
  [apiPaths.prospectNotes]: ['GET', 'POST'],
  [apiPaths.prospectNote]: ['DELETE'],
  [apiPaths.prospectFirstLine]: ['PUT', 'DELETE'],
  [apiPaths.prospectFirstLineDraft]: ['POST'],
  [apiPaths.prospectCustomFields]: ['PUT'],
  [apiPaths.customFields]: ['GET', 'POST'],
  [apiPaths.customField]: ['PATCH', 'DELETE'],
  [apiPaths.domainMemory]: ['PUT'],
  [apiPaths.contacts]: ['GET'],
  [apiPaths.contactsExport]: ['GET'],
  [apiPaths.liveLinks]: ['GET', 'POST'],
  [apiPaths.liveLinkSummary]: ['GET'],
  [apiPaths.liveLink]: ['DELETE'],
  [apiPaths.liveLinkCheck]: ['POST'],
  [apiPaths.liveLinkChecks]: ['GET'],
  [apiPaths.liveLinkPlacement]: ['POST'],
  [apiPaths.clients]: ['GET', 'POST'],
  [apiPaths.client]: ['GET', 'PATCH', 'DELETE'],
  [apiPaths.placements]: ['GET', 'POST'],
  [apiPaths.placement]: ['GET', 'PATCH', 'DELETE'],
  [apiPaths.placementTotals]: ['GET'],
  [apiPaths.placementsExport]: ['GET'],
  [apiPaths.placementsImport]: ['POST'],
  [apiPaths.placementInvoice]: ['GET', 'PUT', 'DELETE'],
  [apiPaths.reports]: ['GET'],
  [apiPaths.reportPdf]: ['GET'],
  [apiPaths.reportCsv]: ['GET'],
  [apiPaths.reportShareLinks]: ['GET', 'POST'],
  [apiPaths.reportShareLink]: ['DELETE'],
  [apiPaths.reportSchedules]: ['GET', 'POST'],
  [apiPaths.reportSchedule]: ['DELETE'],
  // Warranty claims (docs/decisions/038-warranty-claims.md)
  [apiPaths.claims]: ['GET'],
  [apiPaths.claim]: ['GET'],
  [apiPaths.claimStatus]: ['POST'],
  [apiPaths.claimSnapshot]: ['GET'],
  [apiPaths.notifications]: ['GET'],
  [apiPaths.notificationsRead]: ['POST'],
  [apiPaths.emailAccounts]: ['GET', 'POST'],
  [apiPaths.emailAccount]: ['PATCH', 'DELETE'],
  [apiPaths.emailAccountHealth]: ['GET'],
  [apiPaths.emailAccountPause]: ['POST'],
  [apiPaths.emailAccountResume]: ['POST'],
  [apiPaths.emailAccountQuarantine]: ['GET'],
  [apiPaths.oauthProviders]: ['GET'],
  [apiPaths.gmailAuthorize]: ['POST'],
  [apiPaths.gmailCallback]: ['POST'],
  [apiPaths.microsoftAuthorize]: ['POST'],
  [apiPaths.microsoftCallback]: ['POST'],
  [domainCheckPaths.check]: ['GET', 'POST'],
  [domainCheckPaths.selectors]: ['PUT'],
  [apiPaths.sequences]: ['GET', 'POST'],
  [apiPaths.sequence]: ['GET', 'PUT', 'DELETE'],
  [apiPaths.sequenceTemplates]: ['GET'],
  [apiPaths.stepPreview]: ['POST'],
  [apiPaths.inboxThreads]: ['GET'],
  [apiPaths.inboxThread]: ['GET'],
  [apiPaths.inboxThreadRead]: ['PUT'],
  [apiPaths.inboxThreadLabel]: ['PUT'],
  [apiPaths.inboxThreadAssignee]: ['PUT'],
  [apiPaths.inboxThreadReminder]: ['PUT'],
  [apiPaths.inboxThreadDraft]: ['PUT'],
  [apiPaths.inboxThreadAnswer]: ['POST'],
  [apiPaths.inboxUnread]: ['GET'],
  [apiPaths.inboxLabels]: ['GET', 'POST'],
  [apiPaths.inboxLabel]: ['PATCH', 'DELETE'],
  [apiPaths.inboxMessageHtml]: ['GET'],
  [apiPaths.inboxAttachment]: ['GET'],
  [apiPaths.replySuggestion]: ['POST'],
  [apiPaths.guestPosts]: ['GET'],
  [apiPaths.guestPostCampaigns]: ['GET'],
  [apiPaths.guestPostGenerate]: ['POST'],
  [apiPaths.guestPost]: ['GET', 'DELETE'],
  [apiPaths.webhooks]: ['GET', 'POST'],
  [apiPaths.webhook]: ['GET', 'PATCH', 'DELETE'],
  [apiPaths.webhookRotateSecret]: ['POST'],
  [apiPaths.webhookTest]: ['POST'],
  [apiPaths.webhookDeliveries]: ['GET'],
  [apiPaths.webhookRedeliver]: ['POST'],
};

/** Whether API_KEY_ROUTES lists `method` (HEAD as GET) on the route registered as `url`. */
export function acceptsApiKey(method: string, url: string): boolean {
  const listed = Object.hasOwn(API_KEY_ROUTES, url) ? API_KEY_ROUTES[url]! : [];
  return listed.includes((method === 'HEAD' ? 'GET' : method) as Method);
}

/**
 * Refuses API keys everywhere but API_KEY_ROUTES (docs/decisions/025-public-api-and-webhooks.md):
 * each route is classified once as it is registered (the OpenAPI document then asks for the session
 * cookie on the others), and a request with `Authorization: Bearer …` to any other route answers
 * 403 before its key is looked up, whichever scope the route sits in. Unknown URLs keep their 404.
 * Register before the routes (it adds an onRoute hook).
 * @throws AppError FORBIDDEN (403, apiKeyMessages.sessionOnly) from the onRequest hook.
 */
export function registerApiKeyAllowList(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods: HTTPMethods[] = [route.method].flat();
    const accepts = methods.every((method) => acceptsApiKey(method, route.url));
    route.config = { ...route.config, acceptsApiKey: accepts };
    if (!accepts) route.schema = { ...route.schema, security: SESSION_ONLY_SECURITY };
  });
  app.addHook('onRequest', async (request) => {
    const { acceptsApiKey, ownBearerToken } = request.routeOptions.config;
    if (request.is404 || acceptsApiKey || ownBearerToken) return;
    if (bearerToken(request.headers.authorization) !== null) {
      throw AppError.forbidden(apiKeyMessages.sessionOnly);
    }
  });
}
