/**
 * A counting semaphore: at most `size` of the functions given to `run` execute at once, the others
 * wait in the order they arrived. The worker shares one between all its queues to bound the
 * process's total concurrency (JOB_CONCURRENCY; docs/decisions/004-jobs.md).
 */
export class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  /** @throws RangeError when `size` is not a positive integer */
  constructor(private readonly size: number) {
    if (!Number.isInteger(size) || size < 1)
      throw new RangeError(`slots must be a positive integer, got ${size}`);
  }

  /** Runs `task` once a slot is free and frees the slot when it settles; resolves or rejects as `task` does. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.size) this.running++;
    // A finishing task hands its slot straight to the next waiter, so `running` stays counted.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
