import type { PageHeading } from '#web/lib/page-head';

/** The campaign list's heading; the dashboard's skeleton shows it too, before the list has loaded. */
export const campaignsHeading = {
  title: 'Campaigns',
  subtitle: 'Create and track your link-building campaigns',
} as const satisfies PageHeading;
