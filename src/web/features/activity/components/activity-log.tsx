import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { activityKindLabels, activityKinds, type ActivityKind } from '#shared/schemas/activity';
import { Card, CardContent } from '#web/components/ui/card';
import { Select } from '#web/components/ui/select';
import { campaignOptionsQuery } from '#web/data/campaign-options';
import { useTeamUsers } from '#web/data/team-queries';
import type { ActivityFilters } from '../api/activity-queries';
import { ActivityFeed } from './activity-feed';

const ALL = 'all';
const kindOptions = [
  { value: ALL, label: 'All kinds' },
  ...activityKinds.map((k) => ({ value: k, label: activityKindLabels[k] })),
];

/**
 * Settings → Activity (docs/decisions/023-workspaces-and-roles.md): the workspace's log for every
 * member, filtered by member, kind and campaign. The filters live with the tab (the Settings tabs
 * are not kept in the URL either); a member or campaign that failed to load leaves its filter disabled.
 */
export function ActivityLog() {
  const [filters, setFilters] = useState<ActivityFilters>({});
  const members = useTeamUsers();
  const campaigns = useQuery(campaignOptionsQuery());
  const pick = (patch: Partial<ActivityFilters>) => setFilters((current) => ({ ...current, ...patch }));
  const orAll = (value: string) => (value === ALL ? undefined : value);
  return (
    <Card>
      <CardContent className="space-y-4 p-4 sm:p-6">
        <div>
          <h2 className="text-lg font-semibold">Activity</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            What everyone in this workspace has done, newest first.
          </p>
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Select
            aria-label="Filter by member"
            value={filters.member ?? ALL}
            onValueChange={(v) => pick({ member: orAll(v) })}
            disabled={members.isError}
            options={[
              { value: ALL, label: 'All members' },
              ...(members.data ?? []).map((u) => ({ value: u.id, label: u.name })),
            ]}
          />
          <Select
            aria-label="Filter by kind"
            value={filters.kind ?? ALL}
            onValueChange={(v) => pick({ kind: orAll(v) as ActivityKind | undefined })}
            options={kindOptions}
          />
          <Select
            aria-label="Filter by campaign"
            value={filters.campaignId ?? ALL}
            onValueChange={(v) => pick({ campaignId: orAll(v) })}
            disabled={campaigns.isError}
            options={[
              { value: ALL, label: 'All campaigns' },
              ...(campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
        </div>
        <ActivityFeed filters={filters} />
      </CardContent>
    </Card>
  );
}
