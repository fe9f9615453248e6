import { describe, expect, it } from 'vitest';
import { INVALID_CAMPAIGN_ID_MESSAGE } from './campaign-id';
import { guestPostMessages, guestPostRequestSchema } from './guest-posts';
import { createLiveLinkSchema, liveLinkMessages } from './live-links';
import { contactFiltersSchema } from './prospects';

const id = '7b0c1f5e-2d4f-4c8e-9a51-3f1d2b6c7a80';

/** The messages a schema gives for its `campaignId` field alone. */
function campaignIdMessages(
  schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  input: object,
) {
  return (schema.safeParse(input).error?.issues ?? [])
    .filter((i) => i.path[0] === 'campaignId')
    .map((i) => i.message);
}

describe('campaign ids in requests', () => {
  const schemas = [
    { name: 'Add Live Link', schema: createLiveLinkSchema, required: liveLinkMessages.campaignRequired },
    {
      name: 'guest post request',
      schema: guestPostRequestSchema,
      required: guestPostMessages.campaignRequired,
    },
  ];

  it.each(schemas)(
    '$name: a missing campaign is required, a malformed id is said to be one',
    ({ schema, required }) => {
      expect(campaignIdMessages(schema, {})).toEqual([required]);
      expect(campaignIdMessages(schema, { campaignId: '' })).toEqual([required]);
      expect(campaignIdMessages(schema, { campaignId: 'x' })).toEqual([INVALID_CAMPAIGN_ID_MESSAGE]);
      expect(campaignIdMessages(schema, { campaignId: 42 })).toEqual([required]);
      expect(campaignIdMessages(schema, { campaignId: id })).toEqual([]);
    },
  );

  it('the contacts filter says the same of a malformed id, and takes blank for every campaign', () => {
    expect(campaignIdMessages(contactFiltersSchema, { campaignId: 'x' })).toContain(
      INVALID_CAMPAIGN_ID_MESSAGE,
    );
    expect(contactFiltersSchema.parse({ campaignId: '' }).campaignId).toBeUndefined();
    expect(contactFiltersSchema.parse({ campaignId: id }).campaignId).toBe(id);
  });
});
