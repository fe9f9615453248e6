import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import type { PgBoss } from 'pg-boss';
import path from 'node:path';
import type { Auth } from './auth/auth';
import { accountSecurityRoutes } from './auth/account-security-routes';
import { authRoutes } from './auth/routes';
import { createSessionReader, requireUser } from './auth/session';
import { enforceClientRole } from './auth/client-routes';
import { createApiKeyReader } from './auth/api-key-auth';
import { registerApiKeyAllowList } from './auth/api-key-routes';
import { passkeyAccountRoutes, passkeySignInRoutes } from './auth/passkey-routes';
import { twoFactorPolicyHook, twoFactorPolicyRoutes } from './auth/two-factor-policy';
import { twoFactorAccountRoutes, twoFactorSignInRoutes } from './auth/two-factor-routes';
import { signInLinkRoutes } from './auth/sign-in-link-routes';
import { ssoSettingsRoutes, ssoSignInRoutes } from './sso/routes';
import type { Config } from './config';
import type { Database } from './db/client';
import { notFoundBody, registerErrorHandling } from './http/errors';
import { databaseRateLimitStore } from './http/rate-limit-store';
import { registerIdempotency } from './http/idempotency';
import { registerNulRefusal } from './http/reject-nul';
import { loggerOptions } from './http/request-log';
import { registerRequestIds, requestIdOptions } from './http/request-id';
import { createMetrics, type AppMetrics } from './observability/metrics';
import { registerOperatorRoutes } from './observability/routes';
import { unversionedUrl } from './http/api-version';
import { openApiOptions, PUBLIC_SECURITY } from './http/openapi';
import { apiKeyRoutes } from './modules/api-keys/routes';
import { emailVerificationRoutes } from './modules/email-verification/routes';
import { dataProviderRoutes } from './modules/data-providers/routes';
import { healthRoutes } from './modules/health/routes';
import { blogAdminRoutes, blogRoutes } from './modules/blog/routes';
import { contactAdminRoutes, contactMessageRoutes } from './modules/contact-messages/routes';
import { sequenceRoutes } from './modules/sequences/routes';
import { trackingRoutes } from './modules/tracking/routes';
import { outreachKeys, type OutreachKeys } from './keys';
import { seoRoutes } from './modules/seo/routes';
import { configuredImageStorage } from './storage/configured-image-storage';
import type { ImageStorage } from './storage/image-storage';
import { imageUploadRoutes, uploadedImageRoutes } from './modules/uploads/routes';
import { createPageRenderer, isClientOnlyPath, type PageRenderer } from './ssr/page-renderer';
import { serverPublicData } from './ssr/public-data';
import { campaignRoutes } from './modules/campaigns/routes';
import { findProspectsRoutes } from './modules/find-prospects/routes';
import { contactRoutes } from './modules/contacts/routes';
import { emailAccountRoutes } from './modules/email-accounts/routes';
import { domainCheckRoutes } from './modules/email-accounts/domain-check-routes';
import { quarantineRoutes } from './modules/email-accounts/quarantine-routes';
import { liveLinkRoutes } from './modules/live-links/routes';
import { competitorGapRoutes } from './modules/competitor-gap/routes';
import { backlinkImportRoutes } from './modules/backlink-imports/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { outreachRoutes } from './modules/campaign-outreach/routes';
import { accountRoutes } from './modules/account/routes';
import { prospectRoutes } from './modules/prospects/routes';
import { customFieldRoutes } from './modules/custom-fields/routes';
import { userRoutes } from './modules/users/routes';
import { invitationPreviewRoutes, invitationRoutes } from './modules/invitations/routes';
import { activityRoutes } from './modules/activity/routes';
import { inboxRoutes } from './modules/inbox/routes';
import { inboxContentRoutes } from './modules/inbox/content-routes';
import { clientRoutes } from './modules/clients/routes';
import { placementRoutes } from './modules/placements/routes';
import { reportRoutes, reportShareRoutes } from './modules/reports/routes';
import { claimRoutes } from './modules/claims/routes';
import { attachmentStorageFor, type AttachmentStorage } from './inbox/attachment-storage';
import { createAiWriter, type AiWriter } from './ai/writer';
import { aiRoutes } from './modules/ai/routes';
import { guestPostRoutes } from './modules/guest-posts/routes';
import { replySuggestionRoutes } from './modules/reply-suggestions/routes';
import { firstLineRoutes } from './modules/first-lines/routes';
import { webhookRoutes } from './modules/webhooks/routes';
import { systemRoutes } from './modules/system/routes';
import type { EventHub } from './events/listen';
import { eventRoutes } from './modules/events/routes';

export interface AppDeps {
  config: Config;
  db: Database;
  auth: Auth;
  /** The job queue the API sends work to (find-prospects runs); main.ts passes its pg-boss. */
  queue: Pick<PgBoss, 'send' | 'cancel'>;
  /** The process's LISTEN connection: GET /api/events streams its events to the signed-in user's pages. */
  events: EventHub;
  /** APP_SECRET (or the generated development secret): keys for tracking links and stored credentials. */
  appSecret: string;
  /** Folder of the built SPA (dist/web); when given, it is served with an index.html fallback. */
  webRoot?: string | undefined;
  /** The server-rendering bundle (dist/ssr/entry-server.js); with webRoot, public pages are rendered on the server. */
  ssrEntry?: string | undefined;
  /** Where uploaded images go; default: `{DATA_DIR}/uploads` on local disk. */
  imageStorage?: ImageStorage;
  /** Where files attached to inbound replies are kept; default: as the settings say (attachmentStorageFor). */
  attachmentStorage?: AttachmentStorage;
  version?: string;
  /** Prometheus metrics (observability/metrics.ts); default: a registry of this app's own. */
  metrics?: AppMetrics;
}

/**
 * What every route plugin is given (built once in buildApp): the app's dependencies and the pieces
 * made from them. A plugin names the fields it uses in its own parameter type, so it can be read
 * without this file.
 */
export interface AppContext extends AppDeps {
  /** Keys for signed tracking links and stored mailbox credentials, derived from appSecret. */
  keys: OutreachKeys;
  /** The AI writer (a disabled one when no model is configured). */
  writer: AiWriter;
  /** Where uploaded images go. */
  storage: ImageStorage;
  /** Where files attached to inbound replies are kept (private; served by inbox/content-routes.ts). */
  attachments: AttachmentStorage;
  version: string;
}

/** The route plugins anyone may call (visitors, sign-in, tracking, the public site), in registration order. */
const publicRoutes: ((ctx: AppContext) => FastifyPluginAsyncZod)[] = [
  healthRoutes,
  authRoutes,
  twoFactorSignInRoutes,
  passkeySignInRoutes,
  signInLinkRoutes,
  ssoSignInRoutes,
  trackingRoutes,
  blogRoutes,
  contactMessageRoutes,
  invitationPreviewRoutes,
  uploadedImageRoutes,
  seoRoutes,
  reportShareRoutes,
];

/**
 * The route plugins behind the session check, in registration order. Only the routes of
 * auth/api-key-routes.ts (API_KEY_ROUTES) also take an API key.
 */
const signedInRoutes: ((ctx: AppContext) => FastifyPluginAsyncZod)[] = [
  sequenceRoutes,
  blogAdminRoutes,
  contactAdminRoutes,
  imageUploadRoutes,
  campaignRoutes,
  outreachRoutes,
  findProspectsRoutes,
  prospectRoutes,
  customFieldRoutes,
  contactRoutes,
  liveLinkRoutes,
  clientRoutes,
  placementRoutes,
  reportRoutes,
  claimRoutes,
  competitorGapRoutes,
  backlinkImportRoutes,
  notificationRoutes,
  emailAccountRoutes,
  domainCheckRoutes,
  quarantineRoutes,
  activityRoutes,
  inboxRoutes,
  inboxContentRoutes,
  aiRoutes,
  guestPostRoutes,
  replySuggestionRoutes,
  firstLineRoutes,
  webhookRoutes,
  systemRoutes,
  accountRoutes,
  accountSecurityRoutes,
  twoFactorAccountRoutes,
  passkeyAccountRoutes,
  twoFactorPolicyRoutes,
  userRoutes,
  invitationRoutes,
  apiKeyRoutes,
  ssoSettingsRoutes,
  emailVerificationRoutes,
  dataProviderRoutes,
  eventRoutes,
];

/** JSON bodies above this are refused with 413; routes that take uploads raise their own limit. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Builds the HTTP app: API under /api, OpenAPI at /api/docs, uploaded images, sitemap/robots/feed,
 * public pages rendered on the server, and the SPA shell for the client-rendered routes.
 * No side effects (no listen, no job workers; it only sends jobs to `queue`), so tests drive it with `app.inject`.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, auth } = deps;
  const secure = config.APP_URL.startsWith('https://');
  const app = Fastify({
    ...loggerOptions(config),
    ...requestIdOptions,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // Signed tracking tokens carry the target URL of a click: far longer than Fastify's 100 default.
    routerOptions: { maxParamLength: 4096 },
    // Every /api route also answers under /api/v1 (docs/decisions/025-public-api-and-webhooks.md).
    rewriteUrl: (request) => unversionedUrl(request.url ?? '/'),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  app.decorateRequest('workspace', null);
  app.decorateRequest('apiKey', null);
  // Request bodies are JSON (uploads and the RFC 8058 unsubscribe add their parsers in their own scope).
  // text/plain is the one body type a cross-site form or no-cors fetch can send that Fastify would
  // otherwise parse; refusing it (415) keeps CSRF out even where SameSite=Lax does not (same-site hosts).
  app.removeContentTypeParser('text/plain');

  // helmet's middleware is built once: @fastify/helmet builds it anew (every CSP directive parsed
  // again) on each request.
  const securityHeaders = helmet({
    hsts: secure,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and recharts set style attributes; no inline scripts are ever allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: secure ? [] : null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  registerRequestIds(app);
  // Before any plugin, so that every scope (the API docs' too) answers errors in the API's shape.
  registerErrorHandling(app);
  registerApiKeyAllowList(app);
  registerOperatorRoutes(app, {
    db,
    metrics: deps.metrics ?? createMetrics(db),
    token: config.METRICS_TOKEN,
  });
  registerIdempotency(app, db, deps.appSecret);
  // Pages, scripts, JSON and CSV exports go out compressed (brotli, else gzip): the bundles are most
  // of a first visit and shrink about 4×. Quality 5 instead of brotli's default 11 keeps the per-request
  // CPU low; event streams (http/sse.ts: live events, the guest-post generator) are hijacked and stay uncompressed.
  await app.register(compress, {
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });
  await app.register(swagger, {
    openapi: openApiOptions({ version: deps.version ?? '0.0.0', secure }),
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerNulRefusal(app);
  const storage = deps.imageStorage ?? configuredImageStorage(config);
  const ctx: AppContext = {
    ...deps,
    keys: outreachKeys(deps.appSecret),
    writer: createAiWriter(db, config),
    storage,
    attachments: deps.attachmentStorage ?? attachmentStorageFor(config),
    version: deps.version ?? '0.0.0',
  };

  // Public routes: the OpenAPI document says they need no credentials.
  await app.register(async (publicScope) => {
    publicScope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: PUBLIC_SECURITY };
    });
    for (const routes of publicRoutes) await publicScope.register(routes(ctx));
  });

  // The signed-in scope: its onRequest hook runs before any body is read, so a visitor's request
  // is refused without costing a parse (docs/decisions/003-auth-sessions-and-rate-limits.md).
  const readSession = createSessionReader(auth, db);
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', requireUser(readSession, createApiKeyReader(db, config)));
    // A workspace that requires 2FA holds back members without it (docs/decisions/031-two-factor-and-passkeys.md).
    signedIn.addHook('onRequest', twoFactorPolicyHook(db));
    // A Client-role member reaches only their client's routes (docs/decisions/040-client-role.md).
    signedIn.addHook('onRequest', enforceClientRole);
    for (const routes of signedInRoutes) await signedIn.register(routes(ctx));
  });

  const spa = Boolean(deps.webRoot && existsSync(path.join(deps.webRoot, 'index.html')));
  if (spa) await registerSpaAssets(app, deps.webRoot!);
  const renderer: PageRenderer | null =
    spa && deps.ssrEntry && existsSync(deps.ssrEntry)
      ? await createPageRenderer({
          entryPath: deps.ssrEntry,
          webRoot: deps.webRoot!,
          appUrl: config.APP_URL,
          data: serverPublicData(db),
          isSignedIn: async (request, reply) => (await readSession(request, reply)) !== null,
        })
      : null;
  if (spa) {
    // Pages are a route rather than the not-found handler so that they go out compressed like every
    // other answer: @fastify/compress attaches to routes only.
    app.get('/*', (request, reply) => {
      if (request.url.startsWith('/api')) return reply.callNotFound();
      // Public pages arrive rendered (search engines read them; the browser hydrates). The signed-in
      // app and the auth screen get the SPA shell and render on the client, as do all pages without a renderer.
      const pathname = new URL(request.url, config.APP_URL).pathname;
      if (renderer)
        return isClientOnlyPath(pathname)
          ? renderer.sendShell(request, reply)
          : renderer.send(request, reply);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(notFoundBody()));
  return app;
}

/** Serves the built SPA's files: hashed assets cached for a year, the rest revalidated. */
async function registerSpaAssets(app: FastifyInstance, webRoot: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
