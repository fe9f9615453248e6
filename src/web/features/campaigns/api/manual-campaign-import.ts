import { apiPaths, withId } from '#shared/paths';
import { campaignSchema, type ManualCampaignFormInput } from '#shared/schemas/campaigns';
import { addProspectsResultSchema, PROSPECT_IMPORT_BATCH } from '#shared/schemas/prospect-import';
import { apiRequest } from '#web/lib/api-client';

/** How far an import has gone: the campaign it made and how many of the prospects are in it. */
export interface ManualImportState {
  campaignId: string;
  done: number;
}

/**
 * Creates a manual campaign with its first PROSPECT_IMPORT_BATCH prospects (POST /api/campaigns), then
 * adds the rest batch by batch (POST /api/campaigns/:id/prospects), reporting after each request so a
 * 10,000-row file shows its progress. Given the state of an import that stopped, it carries on from
 * there in the same campaign instead of making another.
 * @returns the campaign's id.
 * @throws ApiError of the request that failed; the last reported state says which rows were in.
 */
export async function importManualCampaign(
  input: ManualCampaignFormInput,
  from: ManualImportState | null,
  onProgress: (state: ManualImportState) => void,
): Promise<string> {
  let state = from;
  if (!state) {
    const first = input.prospects.slice(0, PROSPECT_IMPORT_BATCH);
    const campaign = await apiRequest(apiPaths.campaigns, {
      method: 'POST',
      body: { type: 'manual', ...input, prospects: first },
      schema: campaignSchema,
    });
    state = { campaignId: campaign.id, done: first.length };
    onProgress(state);
  }
  while (state.done < input.prospects.length) {
    const batch = input.prospects.slice(state.done, state.done + PROSPECT_IMPORT_BATCH);
    await apiRequest(withId(apiPaths.campaignProspects, state.campaignId), {
      method: 'POST',
      body: { prospects: batch },
      schema: addProspectsResultSchema,
    });
    state = { campaignId: state.campaignId, done: state.done + batch.length };
    onProgress(state);
  }
  return state.campaignId;
}
