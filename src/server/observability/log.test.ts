import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, processLogger, useProcessLogger } from './log';
import { runWithContext } from './request-context';

describe('processLogger', () => {
  const lines: string[] = [];
  afterEach(() => {
    lines.length = 0;
    useProcessLogger(createLogger('silent'));
  });

  it("writes through the logger the worker set, with the current work's request id", async () => {
    useProcessLogger(createLogger('info', { write: (line) => lines.push(line) }));
    await runWithContext({ requestId: 'req-42', job: 'sync-mailbox', jobId: 'j1' }, async () => {
      processLogger().warn({ mailboxId: 'm1' }, 'attachment not kept');
    });
    processLogger().debug('below the level');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 40,
      msg: 'attachment not kept',
      mailboxId: 'm1',
      requestId: 'req-42',
      job: 'sync-mailbox',
      jobId: 'j1',
    });
  });
});
