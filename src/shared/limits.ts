/** Business constants and limits (docs/product.md#limits) that both client and server enforce. */
export const limits = {
  /** NIST SP 800-63B §5.1.1.2; checked on new passwords only, so older shorter ones still sign in. */
  passwordMinLength: 8,
  /** better-auth's own ceiling; longer inputs only cost hashing time. */
  passwordMaxLength: 128,
  nameMaxLength: 100,
  emailMaxLength: 254,
  maxCompetitors: 5,
  minAiProspects: 5,
  maxAiProspects: 1000,
  maxSequenceSteps: 3,
  /** Variants (A/B versions) of one sequence step (docs/decisions/043-sequence-variants-and-spintax.md). */
  maxStepVariants: 4,
  /** Sends per variant before the auto-winner may choose (decision 043). */
  minAutoWinnerSends: 5,
  maxAutoWinnerSends: 10_000,
  minStepDelayHours: 1,
  maxStepDelayHours: 720,
  defaultStepDelayHours: 24,
  maxInternalLinks: 3,
  recentPosts: 3,
  copiedIndicatorMs: 2000,
  liveLinkUrlTruncate: 40,
  navScrollThresholdPx: 20,
  /** A domain contacted by one campaign is not contacted by another for this many days (docs/decisions/011-replies-history-and-domain-memory.md). */
  recontactDays: 90,
} as const;

/** The key under which the theme preference is kept in localStorage (docs/product.md#entities). */
export const THEME_STORAGE_KEY = 'theme-storage';
export type Theme = 'dark' | 'light';
export const DEFAULT_THEME: Theme = 'dark';
