import { z } from 'zod';
import { limits } from '../shared/limits';

/**
 * A comma-separated setting ('' when unset) as its entries: each trimmed, then passed through
 * `normalize`; entries left empty are dropped. Validate the entries with `.pipe(z.array(…))`.
 */
const commaSeparated = (normalize: (entry: string) => string = (entry) => entry) =>
  z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((e) => normalize(e.trim()))
        .filter(Boolean),
    );

const commaList = commaSeparated((e) => e.toLowerCase()).pipe(z.array(z.email()));

const cidrList = commaSeparated().pipe(
  z.array(
    z.union([z.cidrv4(), z.cidrv6(), z.ipv4(), z.ipv6()], { error: 'must be IP addresses or CIDR ranges' }),
  ),
);

/** Node's Resolver.setServers syntax: '1.1.1.1', '1.1.1.1:53', '::1', '[::1]:53'. */
const dnsServerAddress = /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|[0-9a-f:]+|\[[0-9a-f:]+\](:\d{1,5})?)$/i;

const dnsServerList = commaSeparated().pipe(
  z.array(z.string().regex(dnsServerAddress, 'must be IP addresses, each with an optional :port')),
);

/** Domain suffixes, lower case, without a leading dot ('*' stays as is). */
const domainSuffixList = commaSeparated((e) => e.toLowerCase().replace(/^\./, '')).pipe(
  z.array(z.string().regex(/^(\*|[a-z0-9-]+(\.[a-z0-9-]+)*)$/, 'must be domains or suffixes such as test')),
);

const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

const count = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const HOUR_MS = 3_600_000;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

/** A Microsoft identity platform v2.0 endpoint of a tenant (docs/decisions/016-microsoft-mailboxes.md). */
const microsoftEndpoint = (tenant: string, endpoint: 'authorize' | 'token') =>
  `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/${endpoint}`;

/**
 * Every setting of the app, read from the environment (README "Settings" lists them with their
 * defaults). Parsed once at start; a bad value stops the app naming the variable.
 */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** 0: any free port, named in the startup line (give APP_URL then: links are built from it). */
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    APP_URL: z.url().optional(),
    APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_EMAILS: commaList,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Behind a reverse proxy: take the client IP and protocol from X-Forwarded-* headers. */
    TRUST_PROXY: booleanFlag,
    /** Cron (UTC) of the expired-session clean-up job. */
    SESSION_CLEANUP_CRON: z.string().min(9).default('17 * * * *'),
    /** Sign-in attempts allowed per IP and per email within the window (15 minutes). */
    SIGN_IN_MAX_PER_IP: z.coerce.number().int().min(1).default(20),
    SIGN_IN_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(10),
    /** Accounts that may be created per IP within the window (1 hour). */
    SIGN_UP_MAX_PER_IP: z.coerce.number().int().min(1).default(10),
    /** Mailbox login checks (connect, new password) allowed per user and per mail server in 15 minutes. */
    MAILBOX_CHECK_MAX_PER_USER: z.coerce.number().int().min(1).default(10),
    /** Members one workspace may have (docs/product.md#roles); unset: no limit. */
    WORKSPACE_MAX_MEMBERS: z.coerce.number().int().min(1).optional(),
    /** Bearer token of GET /metrics (Prometheus); unset: /metrics answers 404. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Cron (UTC) of scheduled backups (docs/decisions/036-backup-and-restore.md); unset: none. */
    BACKUP_CRON: z.string().min(9).optional(),
    /** Folder of scheduled backups; default `{DATA_DIR}/backups`. */
    BACKUP_DIR: z.string().min(1).optional(),
    /** How many scheduled backups are kept; older ones are deleted after each new one. */
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
    /** Days the activity log keeps an entry. */
    ACTIVITY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    /** Requests one API key may make per minute (docs/decisions/025-public-api-and-webhooks.md). */
    API_KEY_RATE_LIMIT_PER_MINUTE: count(1, 100_000, 300),
    MAILBOX_CHECK_MAX_PER_SERVER: z.coerce.number().int().min(1).default(30),
    /** Non-public addresses a connected SMTP/IMAP server may have (CIDR list); empty: none (SSRF guard). */
    MAIL_ALLOW_PRIVATE: cidrList,
    /** DNS resolvers of the sender-domain and prospect-address checks ('1.1.1.1,127.0.0.1:5353'); empty: the system's. */
    DNS_SERVERS: dnsServerList,
    /** Longest wait for one DNS question, retries included, in ms; past it the check says 'could not check'. */
    DNS_TIMEOUT_MS: count(100, 30_000, 3_000),
    /**
     * Domains (with their subdomains) whose addresses are taken to accept mail without asking DNS:
     * for test installs whose prospects use reserved names ('test,example'); '*' is every domain.
     */
    MAIL_DOMAINS_ASSUME_OK: domainSuffixList,
    /** Gmail by OAuth2: the app's Google OAuth client; Gmail stays unavailable without it. */
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /** Google's endpoints and Gmail's servers; settings so tests can run the flow against local servers. */
    GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
    GMAIL_SMTP_HOST: z.string().min(1).default('smtp.gmail.com'),
    GMAIL_SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(465),
    GMAIL_IMAP_HOST: z.string().min(1).default('imap.gmail.com'),
    GMAIL_IMAP_PORT: z.coerce.number().int().min(1).max(65535).default(993),
    /** 'tls' for Google; the local test servers speak plain text. */
    GMAIL_SECURITY: z.enum(['tls', 'none']).default('tls'),
    /** Microsoft mailboxes (Outlook.com, Microsoft 365) by OAuth2: the app's Entra ID client; unavailable without it. */
    MICROSOFT_CLIENT_ID: optionalText,
    MICROSOFT_CLIENT_SECRET: optionalText,
    /** Whose accounts may sign in: 'common' (any), 'organizations', 'consumers', or one tenant's id or domain. */
    MICROSOFT_TENANT: z
      .string()
      .regex(/^[A-Za-z0-9.-]+$/, 'must be common, organizations, consumers, a tenant id or a domain')
      .default('common'),
    /** Microsoft's endpoints; default: the tenant's v2.0 endpoints. Settings so tests use a local OAuth2 server. */
    MICROSOFT_AUTH_URL: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MICROSOFT_TOKEN_URL: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * S3-compatible storage for uploaded images and inbox attachments; with S3_BUCKET unset they stay
     * in DATA_DIR/uploads and DATA_DIR/attachments.
     */
    S3_BUCKET: z.string().min(1).optional(),
    /** Endpoint of a non-AWS service (MinIO, R2, Spaces…); unset means AWS S3. */
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Path-style URLs (endpoint/bucket/key), which most S3-compatible services need. */
    S3_FORCE_PATH_STYLE: booleanFlag,
    /** Key prefix inside the bucket. */
    S3_PREFIX: z.string().default('uploads/'),
    /**
     * Largest file attached to an inbound reply that is kept for download (bytes; 0 keeps none);
     * larger ones are listed without their content (docs/decisions/024-inbox.md).
     */
    INBOX_ATTACHMENT_MAX_BYTES: count(0, 25 * 1024 * 1024, 10 * 1024 * 1024),
    /** Crawler (README "Prospect discovery"). Times in ms, sizes in bytes. */
    CRAWL_CONCURRENCY: count(1, 64, 8),
    CRAWL_PER_HOST_CONCURRENCY: count(1, 2, 1),
    CRAWL_HOST_DELAY_MS: count(0, 60_000, 1_000),
    CRAWL_MAX_CRAWL_DELAY_MS: count(0, 120_000, 10_000),
    CRAWL_TIMEOUT_MS: count(100, 120_000, 15_000),
    CRAWL_MAX_BYTES: count(1_024, 50_000_000, 3_000_000),
    CRAWL_MAX_REDIRECTS: count(0, 20, 5),
    CRAWL_RETRIES: count(0, 5, 2),
    CRAWL_RETRY_BASE_MS: count(0, 60_000, 1_000),
    /** Non-public addresses the crawler may reach anyway (CIDR list); empty: none (SSRF guard). */
    CRAWL_ALLOW_PRIVATE: cidrList,
    /** Stored pages younger than this are reused instead of fetched again. */
    CRAWL_CACHE_HOURS: count(0, 24 * 365, 168),
    HTTP_PROXY: optionalText,
    HTTPS_PROXY: optionalText,
    NO_PROXY: optionalText,
    /** Bounds of one find-prospects run. */
    DISCOVERY_MAX_PAGES: count(10, 100_000, 1_500),
    DISCOVERY_MAX_MINUTES: count(1, 24 * 60, 20),
    /** Pages read per prospect site for contacts (home, contact, about, write-for-us, imprint). */
    DISCOVERY_CONTACT_PAGES: count(1, 10, 5),
    /** Sites a user contacted from another campaign within this many days are skipped. */
    DISCOVERY_RECONTACT_DAYS: count(0, 3650, limits.recontactDays),
    /** How often the outreach engine runs, in seconds; below 60 only for test installs (default: every minute). */
    OUTREACH_TICK_SECONDS: count(1, 60, 60),
    /**
     * Seconds a message may stay 'sending' before the outreach engine takes it for interrupted (a
     * worker killed mid-send) and looks for its blind copy; three times as long before it is queued
     * again. Far above any send's own timeouts; shorter only for test installs
     * (docs/decisions/048-several-processes.md).
     */
    OUTREACH_SENDING_LEASE_SECONDS: count(5, 300, 300),
    /**
     * How often the worker reads the list of mailboxes to watch with IMAP IDLE again, in seconds: a
     * newly connected mailbox's replies are read live from then on. Shorter only for test installs.
     */
    MAILBOX_IDLE_REFRESH_SECONDS: count(1, 3600, 30),
    /** Background jobs one worker process runs at once, all queues together (docs/decisions/004-jobs.md). */
    JOB_CONCURRENCY: count(1, 64, 8),
    /** Of one queue's jobs running in one worker process, how many may be one user's (fairness between users). */
    JOB_USER_CONCURRENCY: count(1, 64, 2),
    /**
     * Length of one hour on the outreach clock, in ms: sequence step delays, the pause after an
     * auto-reply and the spacing between a mailbox's messages. Shorter only for test installs.
     */
    OUTREACH_HOUR_MS: count(1, HOUR_MS, HOUR_MS),
    /** Warm-up of a new mailbox: its first daily limit, and how much it grows each day without trouble. */
    MAILBOX_RAMP_START: count(1, 2000, 10),
    MAILBOX_RAMP_STEP: count(1, 2000, 5),
    /** Backlink monitoring (docs/decisions/012-link-monitoring.md): hours between two checks of one live link. */
    LINK_CHECK_INTERVAL_HOURS: count(1, 24 * 30, 24),
    /**
     * Webhooks (docs/product.md#webhooks): seconds between two looks for due deliveries (60 or
     * more: every minute), the time limit of one attempt in ms (connect, redirects, answer), the
     * days an endpoint may keep failing before it is disabled, and the days the log keeps a delivery.
     */
    WEBHOOK_POLL_SECONDS: count(1, 60, 5),
    WEBHOOK_TIMEOUT_MS: count(100, 60_000, 10_000),
    WEBHOOK_DISABLE_AFTER_DAYS: count(1, 90, 3),
    WEBHOOK_DELIVERY_RETENTION_DAYS: count(1, 3650, 30),
    /** The app's own SMTP server for alert emails to users; alerts stay in the dashboard when SMTP_HOST is unset. */
    SMTP_HOST: optionalText,
    SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
    SMTP_SECURITY: z.enum(['tls', 'starttls', 'none']).default('starttls'),
    SMTP_USER: optionalText,
    SMTP_PASSWORD: optionalText,
    SMTP_FROM: optionalText,
    /** Search providers: a SearXNG instance (JSON format enabled) and the Brave Search API. */
    SEARXNG_URL: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    BRAVE_SEARCH_API_KEY: optionalText,
    BRAVE_SEARCH_URL: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Backlink data provider: DataForSEO API login and password. */
    DATAFORSEO_LOGIN: optionalText,
    DATAFORSEO_PASSWORD: optionalText,
    DATAFORSEO_URL: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * Address verification (docs/decisions/047-address-verification.md): the providers' API hosts
     * (set by tests to a local server; users connect keys, never URLs) and LinkPilot's own SMTP
     * check's port (25 on the open internet), the name it greets with (default: APP_URL's host) and
     * its deadline per address.
     */
    HUNTER_API_URL: z.url().default('https://api.hunter.io'),
    ZEROBOUNCE_API_URL: z.url().default('https://api.zerobounce.net'),
    NEVERBOUNCE_API_URL: z.url().default('https://api.neverbounce.com'),
    SMTP_CHECK_PORT: z.coerce.number().int().min(1).max(65535).default(25),
    SMTP_CHECK_HELO: optionalText,
    SMTP_CHECK_TIMEOUT_MS: count(1_000, 120_000, 15_000),
    /**
     * Tests only: one local server that stands in for every SEO data provider's API (Ahrefs, Moz,
     * DataForSEO, Semrush). Ignored unless NODE_ENV is test, so the providers' hosts are never set by
     * an install (docs/decisions/046-live-seo-data-providers.md).
     */
    SEO_DATA_TEST_URL: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * AI writing (README "AI writing"): any OpenAI-compatible chat-completions server (OpenAI, a gateway,
     * Ollama, vLLM, LM Studio). Without AI_BASE_URL and AI_MODEL the AI features say they are not configured.
     */
    AI_BASE_URL: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    AI_API_KEY: optionalText,
    AI_MODEL: optionalText,
    /** One model call, streaming included, is aborted after this long. */
    AI_TIMEOUT_MS: count(1_000, 600_000, 120_000),
    /** Retries of a call the server answered 429 or 5xx (with backoff). */
    AI_MAX_RETRIES: count(0, 5, 2),
    /** Model calls one user may make per UTC day, so nobody can burn the key. */
    AI_DAILY_REQUESTS_PER_USER: count(1, 100_000, 50),
  })
  .transform((c) => ({
    ...c,
    APP_URL: (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    MICROSOFT_AUTH_URL: c.MICROSOFT_AUTH_URL ?? microsoftEndpoint(c.MICROSOFT_TENANT, 'authorize'),
    MICROSOFT_TOKEN_URL: c.MICROSOFT_TOKEN_URL ?? microsoftEndpoint(c.MICROSOFT_TENANT, 'token'),
  }));

export type Config = Readonly<z.infer<typeof configSchema>>;

/** Raised when the environment has a bad value; the message names each variable. */
export class ConfigError extends Error {}

/**
 * Parses the environment into a frozen Config.
 * @throws ConfigError naming every invalid variable, e.g. `PORT: Too big: expected number to be <=65535`.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.APP_SECRET) {
    throw new ConfigError(
      'Invalid settings:\n  APP_SECRET: is required in production (at least 32 characters)',
    );
  }
  return Object.freeze(parsed.data);
}
