import { describe, expect, it } from 'vitest';
import { findProspectsQueue, sendJob, type JobSender } from './definitions';

/** A JobSender that records what it was given. */
function recorder() {
  const sent: { name: string; data: unknown; options: unknown }[] = [];
  const queue: JobSender = {
    send: async (name: string, data?: object | null, options?: object) => {
      sent.push({ name, data, options });
      return 'job-1';
    },
  } as JobSender;
  return { queue, sent };
}

describe('sendJob', () => {
  it("queues the payload under the queue's name with the options given", async () => {
    const { queue, sent } = recorder();
    const runId = '0b8a3c52-8f0e-4c1e-9a37-2d7c4c1f9e10';
    await expect(sendJob(queue, findProspectsQueue, { runId }, { retryLimit: 1 })).resolves.toBe('job-1');
    expect(sent).toEqual([{ name: 'find-prospects', data: { runId }, options: { retryLimit: 1 } }]);
  });

  it("refuses a payload that does not match the queue's schema before anything is queued", async () => {
    const { queue, sent } = recorder();
    expect(() => sendJob(queue, findProspectsQueue, { runId: 'not-a-uuid' })).toThrow();
    expect(sent).toEqual([]);
  });
});
