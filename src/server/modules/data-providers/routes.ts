import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../shared/paths';
import { okSchema } from '../../../shared/schemas/api';
import {
  dataProviderCredentialsSchema,
  dataProviderListSchema,
  dataProviderParamsSchema,
  dataProviderViewSchema,
  metricsRefreshResultSchema,
  metricsRefreshSchema,
  providerBacklinksResultSchema,
  providerBacklinksSchema,
  providerEstimateSchema,
  providerRequestSchema,
  providerTestResultSchema,
} from '../../../shared/schemas/data-providers';
import { actor, workspaceId } from '../../auth/session';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { idParams } from '../../http/params';
import { deriveKey } from '../../secrets';
import { providerUrls } from '../../seo-data/clients';
import { estimateProviderRun, importProviderBacklinks, refreshCampaignMetrics } from './runs';
import {
  connectDataProvider,
  listDataProviders,
  removeDataProvider,
  testDataProvider,
  type DataProviderDeps,
} from './service';
import type { PgBoss } from 'pg-boss';

/**
 * Settings → Data providers and a campaign's runs on them (docs/product.md#data-providers,
 * docs/decisions/046-live-seo-data-providers.md): every member sees which providers are connected
 * (never a key) and runs them on the workspace's campaigns; Full Access members connect, test and
 * remove them. Session only: none of these paths is on the API-key list.
 */
export function dataProviderRoutes({
  db,
  config,
  appSecret,
  queue,
}: {
  db: Database;
  config: Config;
  appSecret: string;
  queue: Pick<PgBoss, 'send'>;
}): FastifyPluginAsyncZod {
  const deps: DataProviderDeps = {
    db,
    key: deriveKey(appSecret, 'data-provider-credentials'),
    urls: providerUrls(config),
  };
  return async (app) => {
    app.get(
      apiPaths.dataProviders,
      { schema: { tags: ['workspace'], response: { 200: dataProviderListSchema } } },
      async (request) => ({ items: await listDataProviders(db, workspaceId(request)) }),
    );
    app.put(
      apiPaths.dataProvider,
      {
        schema: {
          tags: ['workspace'],
          params: dataProviderParamsSchema,
          body: dataProviderCredentialsSchema,
          response: { 200: dataProviderViewSchema },
        },
      },
      async (request) => connectDataProvider(deps, actor(request), request.params.id, request.body),
    );
    app.delete(
      apiPaths.dataProvider,
      { schema: { tags: ['workspace'], params: dataProviderParamsSchema, response: { 200: okSchema } } },
      async (request) => {
        await removeDataProvider(db, actor(request), request.params.id);
        return { ok: true as const };
      },
    );
    app.post(
      apiPaths.dataProviderTest,
      {
        schema: {
          tags: ['workspace'],
          params: dataProviderParamsSchema,
          response: { 200: providerTestResultSchema },
        },
      },
      async (request) => testDataProvider(deps, actor(request), request.params.id),
    );
    app.post(
      apiPaths.providerEstimate,
      {
        schema: {
          tags: ['campaigns'],
          params: idParams,
          body: providerRequestSchema,
          response: { 200: providerEstimateSchema },
        },
      },
      async (request) => estimateProviderRun(deps, workspaceId(request), request.params.id, request.body),
    );
    app.post(
      apiPaths.providerMetricsRefresh,
      {
        schema: {
          tags: ['campaigns'],
          params: idParams,
          body: metricsRefreshSchema,
          response: { 200: metricsRefreshResultSchema },
        },
      },
      async (request) =>
        refreshCampaignMetrics(deps, actor(request), request.params.id, request.body.provider),
    );
    app.post(
      apiPaths.providerBacklinks,
      {
        schema: {
          tags: ['campaigns'],
          params: idParams,
          body: providerBacklinksSchema,
          response: { 200: providerBacklinksResultSchema },
        },
      },
      async (request) =>
        importProviderBacklinks({ ...deps, queue }, actor(request), request.params.id, request.body),
    );
  };
}
