/**
 * Runs the outreach-tick job once in its own process, as a worker would, and exits. The crash
 * test starts it and kills it mid-send, on the test's database (DATABASE_URL).
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { outreachTickJob } from '../jobs/outreach-tick';

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL });
await outreachTickJob.handle({}, { db: handle.db, config, appSecret: config.APP_SECRET! });
await handle.close();
