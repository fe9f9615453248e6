import { apiPaths, withQuery } from '#shared/paths';
import { importMappingResultSchema } from '#shared/schemas/custom-fields';
import { apiRequest } from '#web/lib/api-client';

/**
 * GET /api/prospect-import-mappings: how this header set's columns were mapped to custom fields last
 * time (docs/decisions/044-custom-fields.md); `{}` when never, or when the server cannot say.
 */
export async function rememberedImportMapping(headers: readonly string[]): Promise<Record<string, string>> {
  try {
    const result = await apiRequest(
      withQuery(apiPaths.prospectImportMappings, { headers: JSON.stringify(headers) }),
      { schema: importMappingResultSchema },
    );
    return result.mapping;
  } catch {
    return {};
  }
}

/** PUT /api/prospect-import-mappings: remembers the mapping for the next file with these columns. */
export function rememberImportMapping(
  headers: readonly string[],
  mapping: Record<string, string>,
): Promise<unknown> {
  return apiRequest(apiPaths.prospectImportMappings, {
    method: 'PUT',
    body: { headers, mapping },
    schema: importMappingResultSchema,
  });
}
