import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { createAuth } from './auth/auth';
import { ConfigError, loadConfig } from './config';
import { openAppDatabase } from './database';
import { listenForEvents } from './events/listen';
import { createQueue } from './jobs/queue';
import { queueMailboxSync } from './jobs/mailbox-sync';
import { startWorkers } from './jobs/worker';
import { outreachKeys } from './keys';
import { watchMailboxes } from './inbox/pipeline/idle';
import { resolveAppSecret } from './secrets';
import { databaseLabel, startupLine } from './startup-line';

/**
 * Starts LinkPilot. Roles (first argument): `all` (default: API + SPA + jobs in one process),
 * `web` (API + SPA only) and `worker` (jobs only). Separate roles share one PostgreSQL server
 * (DATABASE_URL): the embedded one lives and dies with the `all` process that starts it.
 */
type Role = 'all' | 'web' | 'worker';

async function main(): Promise<void> {
  const role = (process.argv[2] ?? 'all') as Role;
  if (!['all', 'web', 'worker'].includes(role))
    throw new ConfigError(`Unknown role '${role}': use all, web or worker`);
  const config = loadConfig();
  if (role !== 'all' && !config.DATABASE_URL) {
    throw new ConfigError(
      `The '${role}' role needs DATABASE_URL: the embedded PostgreSQL server belongs to the 'all' role`,
    );
  }

  const handle = await openAppDatabase(config);
  const boss = createQueue(handle, { sendOnly: role === 'web' });
  await boss.start();
  const appSecret = resolveAppSecret(config);
  const stopTimers =
    role === 'web' ? null : await startWorkers(boss, { db: handle.db, pool: handle.pool, config, appSecret });
  // IDLE connections belong to the workers: the web role only serves requests.
  const idle =
    role === 'web'
      ? null
      : watchMailboxes({
          db: handle.db,
          keys: outreachKeys(appSecret),
          config,
          refreshMs: config.MAILBOX_IDLE_REFRESH_SECONDS * 1000,
          onNewMail: (mailboxId, workspaceId) => queueMailboxSync(boss, mailboxId, workspaceId),
        });

  // Only web processes have pages to tell; workers publish with NOTIFY and need no listener.
  const events = role === 'worker' ? null : await listenForEvents(handle);
  const app = !events
    ? null
    : await buildApp({
        config,
        db: handle.db,
        queue: boss,
        events,
        auth: createAuth(handle.db, config, appSecret),
        appSecret,
        webRoot: fileURLToPath(new URL('../web', import.meta.url)),
        ssrEntry: fileURLToPath(new URL('../ssr/entry-server.js', import.meta.url)),
        version: process.env.npm_package_version,
      });
  if (app) await app.listen({ port: config.PORT, host: config.HOST });
  console.log(
    startupLine({
      role,
      address: app?.server.address() ?? null,
      appUrl: config.APP_URL,
      database: databaseLabel(handle),
    }),
  );

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app?.close();
    await events?.close();
    await idle?.stop();
    stopTimers?.();
    await boss.stop({ graceful: true, timeout: 10_000 });
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
