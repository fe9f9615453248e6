import { setTimeout as sleep } from 'node:timers/promises';

/** Releases a slot taken with `acquire`. */
export type Release = () => void;

/** A counting semaphore whose waiters are served first come, first served. */
export class Semaphore {
  private active = 0;
  private readonly waiters: (() => void)[] = [];

  constructor(private readonly size: number) {}

  /** Waits for a free slot. @throws the signal's reason when aborted while waiting. */
  async acquire(signal?: AbortSignal): Promise<Release> {
    while (this.active >= this.size) {
      signal?.throwIfAborted();
      await new Promise<void>((resolve) => {
        const wake = () => {
          signal?.removeEventListener('abort', wake);
          resolve();
        };
        this.waiters.push(wake);
        signal?.addEventListener('abort', wake, { once: true });
      });
    }
    signal?.throwIfAborted();
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.waiters.shift()?.();
    };
  }
}

interface HostState {
  slots: Semaphore;
  /** Earliest time (ms since epoch) the next request to this host may start. */
  nextStart: number;
}

/**
 * Per-host politeness plus a global concurrency limit: at most `perHost` requests in flight to
 * one host, request starts to one host at least `delayMs` apart (a robots.txt Crawl-delay may
 * ask for more), and at most `global` requests in flight overall.
 */
export class PolitenessGate {
  private readonly hosts = new Map<string, HostState>();
  private readonly global: Semaphore;

  constructor(private readonly options: { global: number; perHost: number }) {
    this.global = new Semaphore(options.global);
  }

  /**
   * Waits until a request to `host` may start, `delayMs` after the previous start there.
   * @throws the signal's reason when aborted while waiting.
   */
  async acquire(host: string, delayMs: number, signal?: AbortSignal): Promise<Release> {
    let state = this.hosts.get(host);
    if (!state) {
      state = { slots: new Semaphore(this.options.perHost), nextStart: 0 };
      this.hosts.set(host, state);
    }
    const releaseHost = await state.slots.acquire(signal);
    try {
      const now = Date.now();
      const startAt = Math.max(now, state.nextStart);
      // Reserve the start time before waiting, so concurrent slots of one host stay spaced.
      state.nextStart = startAt + delayMs;
      if (startAt > now) await sleep(startAt - now, undefined, { signal });
      const releaseGlobal = await this.global.acquire(signal);
      return () => {
        releaseGlobal();
        releaseHost();
      };
    } catch (error) {
      releaseHost();
      throw error;
    }
  }
}
