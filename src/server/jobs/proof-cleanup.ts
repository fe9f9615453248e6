import { deleteExpiredProofs } from '../placements/claims';
import { proofCleanupQueue } from './definitions';
import type { JobDefinition } from './job';

/** Daily, deletes warranty proof kept past its time (placements/claims.ts, docs/decisions/038-warranty-claims.md). */
export const proofCleanupJob: JobDefinition<Record<string, never>> = {
  ...proofCleanupQueue,
  cron: () => '17 3 * * *',
  async handle(_payload, { db }) {
    return { deleted: await deleteExpiredProofs(db, new Date()) };
  },
};
