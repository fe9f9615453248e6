import { existsSync, readFileSync } from 'node:fs';
import { domainEventTypes, type DomainEventType } from '../../shared/schemas/events/catalog';

/**
 * The events of the list (src/shared/schemas/events/catalog.ts) that no test produced: `produced` is the
 * file emit() appends each emitted event's name to during the run (src/server/events/produced.ts).
 */
export function unproducedEvents(producedFile: string): DomainEventType[] {
  const produced = new Set(existsSync(producedFile) ? readFileSync(producedFile, 'utf8').split('\n') : []);
  return domainEventTypes.filter((type) => !produced.has(type));
}

/**
 * Fails the test run when an event of the list was never produced by any test
 * (docs/decisions/028-one-event-list.md): an event no test shows being emitted may be emitted by
 * nothing at all. Judged only on a run of every test file without a name filter (a run of a few
 * files produces a few events), or on any run with EVENT_COVERAGE=1.
 * @throws Error naming the events nobody produced.
 */
export function checkEventCoverage(producedFile: string, wholeRun: boolean): void {
  if (!wholeRun && process.env.EVENT_COVERAGE !== '1') return;
  const missing = unproducedEvents(producedFile);
  if (missing.length === 0) return;
  // Vitest reports an error thrown at teardown but still exits 0: the exit code is set here.
  process.exitCode = 1;
  throw new Error(
    `No test produced ${missing.length} event${missing.length === 1 ? '' : 's'} of src/shared/schemas/events/catalog.ts: ` +
      `${missing.join(', ')}. Add a test that makes the change which emits each, or take the event out of the list.`,
  );
}
