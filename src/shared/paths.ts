/**
 * Every route string of the app (docs/product.md#screens) and of the API, so links, redirects, server routes
 * and tests cannot drift apart.
 */
export const paths = {
  home: '/',
  about: '/about',
  blog: '/blog',
  blogPost: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  blogAdmin: '/blog/admin',
  blogAdminEdit: (id: string) => `/blog/admin/posts/${encodeURIComponent(id)}/edit`,
  terms: '/terms',
  privacy: '/privacy',
  cookies: '/cookies',
  contact: '/contact',
  login: '/login',
  signup: '/signup',
  dashboard: '/dashboard',
  /** Where a workspace that requires two-factor sign-in sends a member without it (outside the dashboard frame). */
  twoFactorSetup: '/dashboard/two-factor-setup',
  /** An invitation link (docs/decisions/023-workspaces-and-roles.md); `invitePath` fills the token. */
  invite: '/invite/:token',
  contacts: '/dashboard/contacts',
  inbox: '/dashboard/inbox',
  inboxThread: (id: string) => `/dashboard/inbox/${encodeURIComponent(id)}`,
  emails: '/dashboard/emails',
  sequences: '/dashboard/sequences',
  liveLinks: '/dashboard/live-links',
  /** The placement ledger and the clients (docs/decisions/034-clients-and-placements.md). */
  placements: '/dashboard/placements',
  /** The placements page showing the waiting replacement claims (docs/decisions/038-warranty-claims.md). */
  placementClaims: '/dashboard/placements?claims=active',
  clients: '/dashboard/clients',
  /** Client reports (docs/decisions/039-client-reports.md). */
  reports: '/dashboard/reports',
  /** A report's share link, opened without signing in; `reportSharePath` fills the token. */
  reportShare: '/r/:token',
  guestPosts: '/dashboard/guest-posts',
  settings: '/dashboard/settings',
  /** A tab of Settings, opened by its `?tab=` parameter (API keys, Webhooks …). */
  settingsTab: (tab: string) => `/dashboard/settings?tab=${tab}`,
  campaign: (id: string) => `/dashboard/campaigns/${encodeURIComponent(id)}`,
} as const;

/** API endpoints, relative to the site root. */
export const apiPaths = {
  health: '/api/health',
  docs: '/api/docs',
  me: '/api/me',
  activeWorkspace: '/api/me/workspace',
  signIn: '/api/auth/sign-in/email',
  /** An emailed sign-in link: asked for, then opened (decision 032). */
  signInLink: '/api/auth/sign-in-link',
  signInLinkVerify: '/api/auth/sign-in-link/verify',
  signUp: '/api/auth/sign-up/email',
  signOut: '/api/auth/sign-out',
  /** The link emailed to verify an address (better-auth builds it at sign-up: keep its path). */
  verifyEmail: '/api/auth/verify-email',
  sequences: '/api/sequences',
  sequence: '/api/sequences/:id',
  sequenceTemplates: '/api/sequence-templates',
  stepPreview: '/api/sequences/preview',
  blogPosts: '/api/blog/posts',
  blogPost: (slug: string) => `/api/blog/posts/${encodeURIComponent(slug)}`,
  blogCategories: '/api/blog/categories',
  blogAdminPosts: '/api/blog/admin/posts',
  blogAdminPost: '/api/blog/admin/posts/:id',
  blogAdminPostPublished: '/api/blog/admin/posts/:id/published',
  imageUploads: '/api/uploads/images',
  contact: '/api/contact',
  contactMessages: '/api/contact/messages',
  campaigns: '/api/campaigns',
  campaignOptions: '/api/campaigns/options',
  campaign: '/api/campaigns/:id',
  campaignProspects: '/api/campaigns/:id/prospects',
  campaignCollaborators: '/api/campaigns/:id/collaborators',
  findProspects: '/api/campaigns/:id/find-prospects',
  campaignOutreach: '/api/campaigns/:id/outreach',
  campaignEnrollment: '/api/campaigns/:id/enrollment',
  campaignVariantStats: '/api/campaigns/:id/outreach/variants',
  prospect: '/api/prospects/:id',
  prospectTimeline: '/api/prospects/:id/timeline',
  domainMemory: '/api/domain-memory',
  prospectEnrollment: '/api/prospects/:id/enrollment',
  contacts: '/api/contacts',
  contactsExport: '/api/contacts/export',
  liveLinks: '/api/live-links',
  liveLink: '/api/live-links/:id',
  liveLinkCheck: '/api/live-links/:id/check',
  liveLinkChecks: '/api/live-links/:id/checks',
  liveLinkSummary: '/api/live-links/summary',
  competitorGap: '/api/campaigns/:id/competitor-gap',
  competitorGapProspects: '/api/campaigns/:id/competitor-gap/prospects',
  backlinkImports: '/api/campaigns/:id/backlink-imports',
  backlinkImport: '/api/campaigns/:id/backlink-imports/:importId',
  backlinkImportStart: '/api/campaigns/:id/backlink-imports/:importId/start',
  backlinkIntersect: '/api/campaigns/:id/backlink-intersect',
  /** A campaign's runs on a connected SEO data provider (docs/decisions/046-live-seo-data-providers.md). */
  providerEstimate: '/api/campaigns/:id/data-providers/estimate',
  providerMetricsRefresh: '/api/campaigns/:id/data-providers/metrics',
  providerBacklinks: '/api/campaigns/:id/data-providers/backlinks',
  notifications: '/api/notifications',
  /** Server-sent events: what changed for the signed-in user (docs/decisions/019-live-updates.md). */
  events: '/api/events',
  notificationsRead: '/api/notifications/read',
  emailAccounts: '/api/email-accounts',
  emailAccount: '/api/email-accounts/:id',
  emailAccountHealth: '/api/email-accounts/:id/health',
  emailAccountPause: '/api/email-accounts/:id/pause',
  emailAccountResume: '/api/email-accounts/:id/resume',
  emailAccountQuarantine: '/api/email-accounts/:id/quarantine',
  gmailAuthorize: '/api/email-accounts/gmail/authorize',
  gmailCallback: '/api/email-accounts/gmail/callback',
  microsoftAuthorize: '/api/email-accounts/microsoft/authorize',
  microsoftCallback: '/api/email-accounts/microsoft/callback',
  oauthProviders: '/api/email-accounts/oauth-providers',
  profile: '/api/profile',
  sendingSettings: '/api/profile/sending',
  changePassword: '/api/profile/password',
  verificationEmail: '/api/profile/verification-email',
  accountSessions: '/api/profile/sessions',
  signOutOtherSessions: '/api/profile/sessions/sign-out-others',
  accountSession: '/api/profile/sessions/:id',
  /** Single sign-on (docs/decisions/032-sso-sessions-and-lock-out.md): the workspace's provider, sign-in and return. */
  ssoSettings: '/api/workspace/sso',
  /** Address verification (docs/decisions/047-address-verification.md): settings, a campaign's run, one prospect. */
  emailVerificationSettings: '/api/workspace/email-verification',
  campaignAddressVerification: '/api/campaigns/:id/address-verification',
  prospectAddressVerification: '/api/prospects/:id/address-verification',
  prospectAddressCandidates: '/api/prospects/:id/address-candidates',
  prospectContactAddress: '/api/prospects/:id/contact-address',
  ssoStart: '/api/sso/start',
  ssoCallback: '/api/sso/callback',
  /** The workspace's SEO data providers and their keys (docs/decisions/046-live-seo-data-providers.md); `:id` is the provider. */
  dataProviders: '/api/workspace/data-providers',
  dataProvider: '/api/workspace/data-providers/:id',
  dataProviderTest: '/api/workspace/data-providers/:id/test',
  users: '/api/users',
  user: '/api/users/:id',
  activity: '/api/activity',
  /** API keys of the workspace (docs/decisions/025-public-api-and-webhooks.md). */
  apiKeys: '/api/api-keys',
  apiKey: '/api/api-keys/:id',
  /** The System page's status: queues, failing mailboxes, webhooks, monitoring, backups (docs/product.md#system). */
  system: '/api/system',
  /** Webhook endpoints and their delivery logs (docs/product.md#webhooks). */
  webhooks: '/api/webhooks',
  webhook: '/api/webhooks/:id',
  webhookRotateSecret: '/api/webhooks/:id/rotate-secret',
  webhookTest: '/api/webhooks/:id/test',
  webhookDeliveries: '/api/webhooks/:id/deliveries',
  webhookRedeliver: '/api/webhooks/deliveries/:id/redeliver',
  invitations: '/api/invitations',
  invitation: '/api/invitations/:id',
  invitationResend: '/api/invitations/:id/resend',
  invitationPreview: '/api/invitations/preview/:token',
  invitationAccept: '/api/invitations/accept',
  userRole: '/api/users/:id/role',
  aiStatus: '/api/ai/status',
  campaignInternalLinks: '/api/campaigns/:id/internal-links',
  guestPostCampaigns: '/api/guest-posts/campaigns',
  guestPosts: '/api/guest-posts',
  guestPostGenerate: '/api/guest-posts/generate',
  guestPost: '/api/guest-posts/:id',
  replySuggestion: '/api/inbound-messages/:id/suggestion',
  /** The inbox (docs/decisions/024-inbox.md). */
  inboxThreads: '/api/inbox/threads',
  inboxThread: '/api/inbox/threads/:id',
  inboxThreadRead: '/api/inbox/threads/:id/read',
  inboxThreadLabel: '/api/inbox/threads/:id/label',
  inboxThreadAssignee: '/api/inbox/threads/:id/assignee',
  inboxThreadReminder: '/api/inbox/threads/:id/reminder',
  inboxThreadDraft: '/api/inbox/threads/:id/draft',
  inboxThreadAnswer: '/api/inbox/threads/:id/answer',
  inboxUnread: '/api/inbox/unread',
  inboxLabels: '/api/inbox/labels',
  inboxLabel: '/api/inbox/labels/:id',
  /** The sanitised HTML of an inbound message, for a sandboxed frame; `?images=1` lets remote images load. */
  inboxMessageHtml: '/api/inbox/messages/:id/html',
  inboxAttachment: '/api/inbox/attachments/:id',
  /** Clients and the placement ledger (docs/decisions/034-clients-and-placements.md). */
  clients: '/api/clients',
  client: '/api/clients/:id',
  clientLogo: '/api/clients/:id/logo',
  placements: '/api/placements',
  placement: '/api/placements/:id',
  placementTotals: '/api/placements/totals',
  placementsExport: '/api/placements/export',
  placementsImport: '/api/placements/import',
  placementInvoice: '/api/placements/:id/invoice',
  liveLinkPlacement: '/api/live-links/:id/placement',
  /** Client reports, share links, schedules and white label (docs/decisions/039-client-reports.md). */
  reports: '/api/reports',
  reportPdf: '/api/reports/pdf',
  reportCsv: '/api/reports/csv',
  reportShareLinks: '/api/reports/share-links',
  reportShareLink: '/api/reports/share-links/:id',
  reportSchedules: '/api/reports/schedules',
  reportSchedule: '/api/reports/schedules/:id',
  reportBranding: '/api/reports/branding',
  reportBrandingLogo: '/api/reports/branding/logo',
  /** Warranty claims (docs/decisions/038-warranty-claims.md). */
  claims: '/api/claims',
  claim: '/api/claims/:id',
  claimStatus: '/api/claims/:id/status',
  claimSnapshot: '/api/claims/:id/snapshot',
  prospectNotes: '/api/prospects/:id/notes',
  prospectNote: '/api/prospect-notes/:id',
  campaignFirstLines: '/api/campaigns/:id/first-lines',
  campaignFirstLineSettings: '/api/campaigns/:id/first-line-settings',
  prospectFirstLine: '/api/prospects/:id/first-line',
  prospectFirstLineDraft: '/api/prospects/:id/first-line/draft',
  /** Custom fields of prospects (docs/decisions/044-custom-fields.md): definitions, values, CSV mappings. */
  customFields: '/api/custom-fields',
  customField: '/api/custom-fields/:id',
  prospectCustomFields: '/api/prospects/:id/custom-fields',
  prospectImportMappings: '/api/prospect-import-mappings',
} as const;

/** Files served by the server outside the SPA: uploaded images, sitemap, robots, the blog feed. */
export const sitePaths = {
  uploads: '/uploads/',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
  rss: '/blog/rss.xml',
} as const;

/** The invitation page of `token`. */
export function invitePath(token: string): string {
  return `/invite/${encodeURIComponent(token)}`;
}

/** The shared report page of `token`; `/pdf` and `/csv` after it download the same report. */
export function reportSharePath(token: string): string {
  return `/r/${encodeURIComponent(token)}`;
}

/** An API path with its `:id` filled in, e.g. `withId(apiPaths.campaign, id)`. */
export function withId(pattern: string, id: string): string {
  return pattern.replace(':id', encodeURIComponent(id));
}

/** A path with a query string of the given values; empty and undefined values are left out. */
export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The dashboard query parameter the email verification link lands with: 'verified', or
 * 'link-invalid' for a link that expired, was forged or names an unknown account.
 */
export const emailVerificationParam = 'email';
