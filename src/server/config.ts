import { z } from 'zod';

const commaList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()));

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

/**
 * Every setting of the app, read from the environment (README "Settings" lists them with their
 * defaults). Parsed once at start; a bad value stops the app naming the variable.
 */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
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
    /** S3-compatible storage for uploaded images; with S3_BUCKET unset they stay in DATA_DIR/uploads. */
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
  })
  .transform((c) => ({
    ...c,
    APP_URL: (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
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
