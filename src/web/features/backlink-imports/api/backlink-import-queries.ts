import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, withId, withQuery } from '#shared/paths';
import {
  backlinkImportListSchema,
  backlinkImportSchema,
  intersectPageSchema,
  type BacklinkImport,
} from '#shared/schemas/backlink-imports';
import type { ColumnMapping } from '#shared/seo-exports/formats';
import { apiRequest } from '#web/lib/api-client';
import { campaignsKey } from '#web/lib/query-keys';

/** Under campaignsKey: the prospects.changed live events an import sends refresh them. */
const importsKey = (campaignId: string) => [...campaignsKey, 'backlink-imports', campaignId] as const;
const importPath = (campaignId: string, importId: string) =>
  withId(apiPaths.backlinkImport, campaignId).replace(':importId', importId);

const running = (i: BacklinkImport) => i.status === 'queued' || i.status === 'running';

/** The campaign's imports, newest first; polled each second while one is under way. */
export function useBacklinkImports(campaignId: string) {
  return useQuery({
    queryKey: importsKey(campaignId),
    queryFn: ({ signal }) =>
      apiRequest(withId(apiPaths.backlinkImports, campaignId), { schema: backlinkImportListSchema, signal }),
    refetchInterval: (query) => (query.state.data?.items.some(running) ? 1_000 : false),
  });
}

/** Uploads an export (POST …/backlink-imports) and resolves with what the server recognised in it. */
export function useUploadBacklinkExport(campaignId: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest(withId(apiPaths.backlinkImports, campaignId), {
        method: 'POST',
        body: form,
        schema: backlinkImportSchema,
      });
    },
  });
}

/** Starts an uploaded import (POST …/:importId/start); the list then follows its progress. */
export function useStartBacklinkImport(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; targetDomain: string | null; mapping?: ColumnMapping }) =>
      apiRequest(`${importPath(campaignId, id)}/start`, {
        method: 'POST',
        body,
        schema: backlinkImportSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importsKey(campaignId) }),
  });
}

/** Domains linking to two or more competitors in the imports, not to the campaign's site. */
export function useBacklinkIntersect(campaignId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...importsKey(campaignId), 'intersect', page, pageSize],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(withId(apiPaths.backlinkIntersect, campaignId), { page, pageSize }), {
        schema: intersectPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
