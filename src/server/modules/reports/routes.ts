import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { apiPaths, paths } from '#shared/paths';
import { okSchema } from '#shared/schemas/api';
import { blogLimits } from '#shared/schemas/blog';
import {
  brandingFormSchema,
  createScheduleSchema,
  createShareLinkSchema,
  reportBrandingSchema,
  reportListQuerySchema,
  reportMessages as m,
  reportQuerySchema,
  reportSchema,
  schedulePageSchema,
  scheduleSchema,
  shareLinkPageSchema,
  shareLinkSchema,
  type ReportQuery,
  type ReportScope,
} from '#shared/schemas/reports';
import { clientScope } from '../../auth/client-routes';
import { actor, workspaceId } from '../../auth/session';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { clientKey } from '../../http/client-address';
import { AppError } from '../../http/errors';
import { idParams } from '../../http/params';
import { contentDisposition } from '../inbox/content-routes';
import type { ImageStorage } from '../../storage/image-storage';
import { onlyFile } from '../uploads/only-file';
import { processImage } from '../uploads/process-image';
import { imageUploadMessages } from '../uploads/routes';
import { setBrandingLogo, saveBranding } from './branding';
import { buildReport, readBranding } from '../../reports/build';
import { reportCsv, reportFileName } from '../../reports/csv';
import { reportHtml, shareErrorPage } from '../../reports/html';
import { reportLogoPng, type OpenUpload } from '../../reports/logo';
import { reportPdf } from '../../reports/pdf';
import { createSchedule, deleteSchedule, listSchedules } from './schedules';
import { createShareLink, listShareLinks, openShareLink, revokeShareLink, shareLinkKey } from './share-links';
import type { Report } from '#shared/schemas/reports';

/**
 * The one place a signed-in request's report scope is read: the query's client or campaign and
 * dates. A member with the Client role reads only their own client's report
 * (docs/decisions/040-client-role.md): a campaign or another client answers 404, as another
 * workspace's does.
 * @throws AppError NOT_FOUND (reportMessages.notFound) for a Client asking for another scope.
 */
export function reportScopeOf(request: FastifyRequest<{ Querystring: ReportQuery }>): ReportScope {
  const { query } = request;
  const { from, to, hideMoney } = query;
  const own = clientScope(request);
  if (own !== null) {
    if (query.campaignId || query.clientId !== own) throw AppError.notFound(m.notFound);
    return { clientId: own, from, to, hideMoney };
  }
  return query.clientId
    ? { clientId: query.clientId, from, to, hideMoney }
    : { campaignId: query.campaignId!, from, to, hideMoney };
}

/** Sends a report as a PDF (with its logo, read through `open`) or CSV download. */
async function sendDownload(reply: FastifyReply, report: Report, kind: 'pdf' | 'csv', open: OpenUpload) {
  const body =
    kind === 'pdf' ? await reportPdf(report, await reportLogoPng(report, open)) : reportCsv(report);
  return reply
    .header('content-type', kind === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(reportFileName(report, kind)))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

/**
 * Client reports in the dashboard and the public API (docs/product.md#reports,
 * docs/decisions/039-client-reports.md): the report as JSON, PDF and CSV; share links (list, create,
 * revoke); schedules (list, create, delete); the white label (read, save, logo upload).
 */
export function reportRoutes(deps: {
  db: Database;
  config: Config;
  appSecret: string;
  storage: ImageStorage;
}): FastifyPluginAsyncZod {
  const { db, config, storage } = deps;
  const openUpload: OpenUpload = (name) => storage.open(name);
  const share = { key: shareLinkKey(deps.appSecret), appUrl: config.APP_URL };
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: blogLimits.imageMaxBytes, files: 1, fields: 0, parts: 1 },
    });
    const tags = ['reports'];
    app.get(
      apiPaths.reports,
      { schema: { tags, querystring: reportQuerySchema, response: { 200: reportSchema } } },
      async (request) => buildReport(db, workspaceId(request), reportScopeOf(request)),
    );
    app.get(
      apiPaths.reportPdf,
      { schema: { tags, querystring: reportQuerySchema, produces: ['application/pdf'] } },
      async (request, reply) =>
        sendDownload(
          reply,
          await buildReport(db, workspaceId(request), reportScopeOf(request)),
          'pdf',
          openUpload,
        ),
    );
    app.get(
      apiPaths.reportCsv,
      { schema: { tags, querystring: reportQuerySchema, produces: ['text/csv'] } },
      async (request, reply) =>
        sendDownload(
          reply,
          await buildReport(db, workspaceId(request), reportScopeOf(request)),
          'csv',
          openUpload,
        ),
    );
    app.get(
      apiPaths.reportShareLinks,
      { schema: { tags, querystring: reportListQuerySchema, response: { 200: shareLinkPageSchema } } },
      async (request) => listShareLinks(db, workspaceId(request), share, request.query),
    );
    app.post(
      apiPaths.reportShareLinks,
      { schema: { tags, body: createShareLinkSchema, response: { 201: shareLinkSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createShareLink(db, actor(request), share, request.body)),
    );
    app.delete(
      apiPaths.reportShareLink,
      { schema: { tags, params: idParams, response: { 200: okSchema } } },
      async (request) => {
        await revokeShareLink(db, actor(request), request.params.id);
        return { ok: true as const };
      },
    );
    app.get(
      apiPaths.reportSchedules,
      { schema: { tags, querystring: reportListQuerySchema, response: { 200: schedulePageSchema } } },
      async (request) => listSchedules(db, workspaceId(request), request.query),
    );
    app.post(
      apiPaths.reportSchedules,
      { schema: { tags, body: createScheduleSchema, response: { 201: scheduleSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createSchedule(db, actor(request), request.body)),
    );
    app.delete(
      apiPaths.reportSchedule,
      { schema: { tags, params: idParams, response: { 200: okSchema } } },
      async (request) => {
        await deleteSchedule(db, actor(request), request.params.id);
        return { ok: true as const };
      },
    );
    app.get(
      apiPaths.reportBranding,
      { schema: { tags, response: { 200: reportBrandingSchema } } },
      async (request) => readBranding(db, workspaceId(request)),
    );
    app.put(
      apiPaths.reportBranding,
      { schema: { tags, body: brandingFormSchema, response: { 200: reportBrandingSchema } } },
      async (request) => saveBranding(db, actor(request), request.body),
    );
    app.post(
      apiPaths.reportBrandingLogo,
      { schema: { tags, consumes: ['multipart/form-data'], response: { 200: reportBrandingSchema } } },
      async (request) => {
        const image = await processImage((await onlyFile(request, imageUploadMessages)).data);
        const url = await storage.save(`${randomBytes(16).toString('hex')}.webp`, image.data);
        return setBrandingLogo(db, actor(request), url);
      },
    );
    app.delete(
      apiPaths.reportBrandingLogo,
      { schema: { tags, response: { 200: reportBrandingSchema } } },
      async (request) => setBrandingLogo(db, actor(request), null),
    );
  };
}

/** How many share-link requests one address may make per minute (the page, its PDF and CSV together). */
export const shareLinkLimits = { perIpPerMinute: 30 } as const;

/**
 * A share link opened by anyone, without signing in (docs/decisions/039-client-reports.md): the
 * report page (`/r/:token`), its PDF and CSV. Never indexed (meta robots and X-Robots-Tag), never
 * cached, at most shareLinkLimits per address. A revoked, expired or forged link answers a page that
 * says so (410 or 404).
 */
export function reportShareRoutes(deps: {
  db: Database;
  appSecret: string;
  storage: ImageStorage;
}): FastifyPluginAsyncZod {
  const { db, storage } = deps;
  const openUpload: OpenUpload = (name) => storage.open(name);
  const key = shareLinkKey(deps.appSecret);
  return async (app) => {
    const limiter = app.createRateLimit({
      max: shareLinkLimits.perIpPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `report-share:ip:${clientKey(request.ip)}`,
    });
    const open = async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
      reply
        .header('x-robots-tag', 'noindex, nofollow')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer');
      const verdict = await limiter(request);
      if (!verdict.isAllowed && verdict.isExceeded) {
        await reply
          .status(429)
          .header('retry-after', String(verdict.ttlInSeconds))
          .type('text/html; charset=utf-8')
          .send(shareErrorPage('Too many requests', m.tooMany));
        return null;
      }
      const opened = await openShareLink(db, key, request.params.token);
      if (!opened.ok) {
        const title =
          opened.reason === 'invalid'
            ? 'Link not valid'
            : opened.reason === 'expired'
              ? 'Link expired'
              : 'Link revoked';
        await reply
          .status(opened.reason === 'invalid' ? 404 : 410)
          .type('text/html; charset=utf-8')
          .send(shareErrorPage(title, opened.message));
        return null;
      }
      const link = opened.link;
      return buildReport(db, link.workspaceId, {
        ...(link.clientId ? { clientId: link.clientId } : { campaignId: link.campaignId! }),
        from: link.fromDate,
        to: link.toDate,
        hideMoney: link.hideMoney,
      });
    };
    const params = { schema: { hide: true } } as const;
    app.get<{ Params: { token: string } }>(paths.reportShare, params, async (request, reply) => {
      const report = await open(request, reply);
      if (!report) return reply;
      const base = `/r/${encodeURIComponent(request.params.token)}`;
      return reply
        .type('text/html; charset=utf-8')
        .send(reportHtml(report, { pdf: `${base}/pdf`, csv: `${base}/csv` }));
    });
    app.get<{ Params: { token: string } }>(`${paths.reportShare}/pdf`, params, async (request, reply) => {
      const report = await open(request, reply);
      return report ? sendDownload(reply, report, 'pdf', openUpload) : reply;
    });
    app.get<{ Params: { token: string } }>(`${paths.reportShare}/csv`, params, async (request, reply) => {
      const report = await open(request, reply);
      return report ? sendDownload(reply, report, 'csv', openUpload) : reply;
    });
  };
}
