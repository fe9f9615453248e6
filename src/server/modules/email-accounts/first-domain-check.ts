import { domainCheckQueue, sendJob, type JobSender } from '../../jobs/definitions';

/**
 * Queues the domain check a newly connected mailbox gets at once (its sender domain's SPF, DKIM
 * and DMARC). Best effort: the connect stands if the queue refuses, and the daily run checks the
 * domain then; `onError` is told (for the request log). Never throws.
 */
export async function queueFirstDomainCheck(
  queue: JobSender,
  onError: (error: unknown) => void,
): Promise<void> {
  await sendJob(queue, domainCheckQueue, {}).then(
    () => undefined,
    (error: unknown) => onError(error),
  );
}
