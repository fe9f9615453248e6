/**
 * The first part of the keys of each feature's cached queries: invalidating one refreshes all of that
 * feature's queries. Kept apart from the query hooks so that the live-event table (live-events.ts),
 * which names them all, loads no feature's queries and response schemas with the dashboard's first
 * screen (docs/decisions/022-dashboard-first-load.md).
 */

/** Every cached campaign query starts with this key, so one invalidation refreshes them all. */
export const campaignsKey = ['campaigns'] as const;

/** Every cached competitor-gap query starts with this key (then the campaign's id). */
export const gapKey = ['competitor-gap'] as const;

/** Every cached contacts query starts with this key. */
export const contactsKey = ['contacts'] as const;

/**
 * Every cached mailbox query (list, health, quarantine, domain check) starts with this key; shared
 * with the campaign forms' list of connected mailboxes, so both refresh together.
 */
export const emailAccountsKey = ['email-accounts'] as const;

/** Every cached first-line query of a campaign starts with this key. */
export const firstLinesKey = (campaignId: string) => ['first-lines', campaignId] as const;

/** Every cached live-link query starts with this key. */
export const liveLinksKey = ['live-links'] as const;

/** Every cached notifications query starts with this key. */
export const notificationsKey = ['notifications'] as const;

/** The activity log's pages (Settings → Activity and a campaign's own log), by their filters. */
export const activityKey = ['activity'] as const;

/** Every cached inbox query (the list, the unread count, a conversation, the labels) starts with this key. */
export const inboxKey = ['inbox'] as const;

/** Every cached webhook query (the endpoints, each endpoint's delivery log) starts with this key. */
export const webhooksKey = ['webhooks'] as const;

/** Every cached placement query (the ledger, its totals, a prospect's or live link's placement) starts with this key. */
export const placementsKey = ['placements'] as const;

/** Every cached client query (the list, the filter options) starts with this key. */
export const clientsKey = ['clients'] as const;

/** Client reports, their share links, schedules and branding (features/reports). */
export const reportsKey = ['reports'] as const;

/** The workspace's custom prospect fields (Settings → Custom fields, the prospect, lists, imports, the editor). */
export const customFieldsKey = ['custom-fields'] as const;
