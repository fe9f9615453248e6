import type { z } from 'zod';
import type { ReportBranding, brandingFormSchema } from '#shared/schemas/reports';
import type { Actor } from '../../auth/workspaces';
import type { Database } from '../../db/client';
import { reportBranding } from '../../db/schema/reports';
import { emit } from '../../events/emit';
import { readBranding } from '../../reports/build';

/** Saves the workspace's report white label (announced as `report.branding_changed`). */
export async function saveBranding(
  db: Database,
  actor: Actor,
  input: z.output<typeof brandingFormSchema>,
): Promise<ReportBranding> {
  await db.transaction(async (tx) => {
    await tx
      .insert(reportBranding)
      .values({ workspaceId: actor.workspaceId, ...input })
      .onConflictDoUpdate({ target: reportBranding.workspaceId, set: input });
    await emit(tx, {
      type: 'report.branding_changed',
      workspaceId: actor.workspaceId,
      actor,
      payload: { agencyName: input.agencyName, hideLinkPilot: input.hideLinkPilot },
    });
  });
  return readBranding(db, actor.workspaceId);
}

/** Sets (or clears) the workspace's report logo, an uploaded image's public URL. */
export async function setBrandingLogo(
  db: Database,
  actor: Actor,
  logoUrl: string | null,
): Promise<ReportBranding> {
  await db.transaction(async (tx) => {
    await tx
      .insert(reportBranding)
      .values({ workspaceId: actor.workspaceId, logoUrl })
      .onConflictDoUpdate({ target: reportBranding.workspaceId, set: { logoUrl } });
    const branding = await readBranding(tx, actor.workspaceId);
    await emit(tx, {
      type: 'report.branding_changed',
      workspaceId: actor.workspaceId,
      actor,
      payload: { agencyName: branding.agencyName, hideLinkPilot: branding.hideLinkPilot },
    });
  });
  return readBranding(db, actor.workspaceId);
}
