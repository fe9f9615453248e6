import { vi } from 'vitest';
import type { LiveEvent } from '#shared/schemas/live-events';

/**
 * Stands in for the browser's EventSource (jsdom has none) so a test can play the server's side of
 * GET /api/events: `FakeEventSource.latest().emit(event)`, or `drop()` then `open()` for a reconnect.
 */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  onopen: (() => void) | null = null;
  closed = false;

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  /** The source the app opened last. */
  static latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error('the app opened no EventSource');
    return source;
  }

  /** Installs it as the global EventSource for the current test file. */
  static install(): void {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  }

  emit(event: LiveEvent): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event) }));
  }

  drop(): void {
    this.onerror?.();
  }

  open(): void {
    this.onopen?.();
  }

  close(): void {
    this.closed = true;
  }
}
