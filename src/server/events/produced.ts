import { appendFileSync } from 'node:fs';

/**
 * The file the test run lists produced events in, one name a line (set by the tests' global set-up,
 * src/server/testing/global-setup.ts); unset outside tests.
 */
export const PRODUCED_EVENTS_FILE_ENV = 'LINKPILOT_PRODUCED_EVENTS_FILE';

/**
 * Notes that an event was emitted, for the check that every event of the list is produced by some
 * test (src/server/testing/event-coverage.ts). Does nothing outside tests.
 */
export function noteProduced(type: string): void {
  const file = process.env[PRODUCED_EVENTS_FILE_ENV];
  if (file) appendFileSync(file, `${type}\n`);
}
