import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, withId, withQuery } from '#shared/paths';
import { okSchema } from '#shared/schemas/api';
import {
  reportBrandingSchema,
  reportSchema,
  schedulePageSchema,
  scheduleSchema,
  shareLinkPageSchema,
  shareLinkSchema,
  type BrandingForm,
  type CreateSchedule,
  type CreateShareLink,
} from '#shared/schemas/reports';
import { apiRequest } from '#web/lib/api-client';
import { reportsKey } from '#web/lib/query-keys';

/** What the report screen asks for: a client or campaign, the dates, and whether money is hidden. */
export interface ReportRequest {
  clientId?: string | undefined;
  campaignId?: string | undefined;
  from: string;
  to: string;
  hideMoney: boolean;
}

/** The query string of a report request (also the PDF and CSV links). */
export function reportQuery(request: ReportRequest) {
  return {
    clientId: request.clientId,
    campaignId: request.campaignId,
    from: request.from,
    to: request.to,
    hideMoney: request.hideMoney ? 'true' : undefined,
  };
}

/** GET /api/reports: one client's or campaign's report; off until a scope is chosen. */
export function useReport(request: ReportRequest | null) {
  return useQuery({
    queryKey: [...reportsKey, 'report', request],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(apiPaths.reports, reportQuery(request!)), { schema: reportSchema, signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}

function useRefreshReports() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: reportsKey });
}

/** GET /api/reports/share-links: one page, newest first. */
export function useShareLinks(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...reportsKey, 'share-links', page, pageSize],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(apiPaths.reportShareLinks, { page, pageSize }), {
        schema: shareLinkPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/reports/share-links. */
export function useCreateShareLink() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: (input: CreateShareLink) =>
      apiRequest(apiPaths.reportShareLinks, { method: 'POST', body: input, schema: shareLinkSchema }),
    onSuccess: refresh,
  });
}

/** DELETE /api/reports/share-links/:id: the link stops opening at once. */
export function useRevokeShareLink() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(withId(apiPaths.reportShareLink, id), { method: 'DELETE', schema: okSchema }),
    onSuccess: refresh,
  });
}

/** GET /api/reports/schedules: one page, newest first. */
export function useSchedules(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...reportsKey, 'schedules', page, pageSize],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(apiPaths.reportSchedules, { page, pageSize }), {
        schema: schedulePageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/reports/schedules. */
export function useCreateSchedule() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: (input: CreateSchedule) =>
      apiRequest(apiPaths.reportSchedules, { method: 'POST', body: input, schema: scheduleSchema }),
    onSuccess: refresh,
  });
}

/** DELETE /api/reports/schedules/:id. */
export function useDeleteSchedule() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(withId(apiPaths.reportSchedule, id), { method: 'DELETE', schema: okSchema }),
    onSuccess: refresh,
  });
}

/** GET /api/reports/branding: the workspace's white label. */
export function useBranding() {
  return useQuery({
    queryKey: [...reportsKey, 'branding'],
    queryFn: ({ signal }) => apiRequest(apiPaths.reportBranding, { schema: reportBrandingSchema, signal }),
  });
}

/** PUT /api/reports/branding. */
export function useSaveBranding() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: (input: BrandingForm) =>
      apiRequest(apiPaths.reportBranding, { method: 'PUT', body: input, schema: reportBrandingSchema }),
    onSuccess: refresh,
  });
}

/** POST /api/reports/branding/logo: one image file, stored like the client logos. */
export function useUploadBrandingLogo() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiRequest(apiPaths.reportBrandingLogo, { method: 'POST', body, schema: reportBrandingSchema });
    },
    onSuccess: refresh,
  });
}
