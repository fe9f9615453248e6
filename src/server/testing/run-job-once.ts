/**
 * Runs one job's handler once in its own process, as a worker would, and exits:
 * `run-job-once.ts <queue name> [payload as JSON]`, on the test's database (DATABASE_URL). The crash
 * and fault tests start it and kill it in the middle of its work (docs/decisions/042-fault-suite.md).
 * @throws when no job has that queue name or the payload does not fit its schema
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { jobs } from '../jobs/worker';

const [name, payload = '{}'] = process.argv.slice(2);
const job = jobs.find((j) => j.name === name);
if (!job) throw new Error(`No job is called '${name}'`);
const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL });
await job.handle(job.payload.parse(JSON.parse(payload)), {
  db: handle.db,
  pool: handle.pool,
  config,
  appSecret: config.APP_SECRET!,
});
await handle.close();
